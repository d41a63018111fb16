import { gzipSync, brotliCompressSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Writes .gz and .br next to every text asset so the server can send them precompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'grandline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, brotliCompressSync(data));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // `@/…` is apps/web/src (the same alias in tsconfig.json paths and the root vitest.config.ts web project).
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/legal': 'http://localhost:3000', '/img': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Read by the server to preload the asked page's code with the shell (apps/server/src/lib/page-preloads.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // Few, larger chunks for what every page needs at start (fewer round trips on HTTP/1.1);
        // everything else is split by route and loaded on demand.
        manualChunks(id: string) {
          // Vite's helper that preloads a lazy module's imports: on its own, so main.tsx, which imports it for the
          // app's code, runs before any of that code (it waits for the first paint).
          if (id.includes('vite/preload-helper')) return 'preload-helper';
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/react-router')) return 'router';
          if (/node_modules\/(@tanstack\/(query-core|react-query)|i18next|react-i18next|clsx|html-parse-stringify|void-elements)\//.test(id)) return 'vendor';
          if (/node_modules\/lucide-react\/dist\/esm\/(createLucideIcon|defaultAttributes|Icon|shared|context)/.test(id)) return 'vendor';
          if (/apps\/web\/src\/(lib\/(api-client|query-client|storage|cn|i18n|use-media-query|preferences|session)|app\/(app|router|route-error)|app\/layout\/(app-layout|header|sidebar|footer|nav-items)|components\/(logo|page-loading|ui\/(button|misc)))\.tsx?$/.test(id))
            return 'shell';
          if (/packages\/core\/src\/(games|locales|marketplaces|legal|slug|money\/currencies)\.ts$/.test(id)) return 'shell';
          return undefined;
        },
      },
    },
  },
});
