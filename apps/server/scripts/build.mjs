// Bundles the server (src/main.ts and everything it imports, @grandline/core and the npm packages included) into
// dist/main.js: one file to parse instead of a thousand modules to resolve and transpile, which took two thirds of a
// start (docs/decisions/011-server-bundle.md). PGlite stays outside: it finds its WebAssembly and data files next to
// its own module; sharp (card thumbnails) loads its native library from its platform package.
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(root, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*', 'sharp'],
  // Not minified: names in logs and stack traces stay as written (keepNames would wrap every closure created per
  // request in a helper call, a measurable cost under load).
  // Packages written as CommonJS call require(): give the ES module bundle one.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
});
