import { defineConfig } from 'vite';

/**
 * The push service worker, built apart from the app: one classic script at a fixed URL (/sw.js),
 * since a worker's URL is its identity and the browser checks it for updates. It runs after the
 * app's build into the same folder, so it must not empty it.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    lib: {
      entry: 'src/sw.ts',
      formats: ['iife'],
      name: 'leadbellServiceWorker',
      fileName: () => 'sw.js',
    },
  },
});
