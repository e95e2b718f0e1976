import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // The API's own lists (error codes, campaign parameters) are bundled in from the private contract
  // package, types included: the published package depends on nothing private.
  noExternal: [/^@leadbell\/shared\//],
  // tsup 8 passes `baseUrl` to the compiler, which TypeScript 6 deprecates (tsup 9 needs Node 22).
  dts: { compilerOptions: { ignoreDeprecations: '6.0' }, resolve: [/^@leadbell\/shared\//] },
  clean: true,
  // Runtimes other than Node resolve nothing Node-specific: keep esbuild from assuming Node.
  platform: 'neutral',
  // Node 18 and every browser and edge runtime since 2022 run it as written (class fields, #private).
  target: 'es2022',
  tsconfig: 'tsconfig.build.json',
});
