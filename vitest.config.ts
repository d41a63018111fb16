import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          exclude: ['**/*.security.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['**/*.security.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // npm run test:security: hostile input, resource limits, headers, the data-directory lock (docs/security-suite.md).
        test: {
          name: 'security',
          include: ['packages/core/src/**/*.security.test.ts', 'apps/server/src/**/*.security.test.ts'],
          environment: 'node',
          // One file at a time: the time bounds (parser times, /api/health p99 during a hostile upload) measure the
          // code, not a neighbour test competing for the same two cores.
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // `@/…` is apps/web/src, as in apps/web/vite.config.ts and apps/web/tsconfig.json.
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
