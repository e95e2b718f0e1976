import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { markdownPlugin } from './scripts/markdown-plugin.ts';

const API_TARGET = process.env.LEADBELL_API_URL ?? 'http://localhost:3000';

/**
 * In production the server writes SUPPORT_EMAIL into the pages it serves (src/public/site-config.ts);
 * the dev server does the same for index.html, with the server's default.
 */
function devSiteConfig(): Plugin {
  return {
    name: 'leadbell:dev-site-config',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html.replaceAll('%LEADBELL_SUPPORT_EMAIL%', process.env.SUPPORT_EMAIL ?? 'support@leadbell.app'),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), markdownPlugin(), devSiteConfig()],
  server: {
    port: 5173,
    proxy: {
      // Same-origin in dev too, so the session cookie and SSE behave as in production.
      '/v1': {
        target: API_TARGET,
        changeOrigin: false,
        configure(proxy) {
          // The proxy must not buffer or compress the event stream, or notifications arrive late.
          proxy.on('proxyRes', (proxyRes) => {
            if (proxyRes.headers['content-type']?.startsWith('text/event-stream')) {
              proxyRes.headers['cache-control'] = 'no-cache';
              proxyRes.headers['x-accel-buffering'] = 'no';
            }
          });
        },
      },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Lists the console's files; e2e/public-site.spec.ts checks public pages load none of them.
    manifest: true,
  },
});
