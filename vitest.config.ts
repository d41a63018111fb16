import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Server and security test files whose result does not depend on DATABASE_URL: they use no database, or start their
 * own process on an embedded data directory whatever DATABASE_URL says. The PostgreSQL pass (DATABASE_URL set) leaves
 * them out: they ran in the PGlite pass and would test nothing new (docs/testing.md, "Two database passes").
 */
const DATABASE_INDEPENDENT = [
  'apps/server/src/features/auth/session-lookup.test.ts',
  'apps/server/src/features/cards/catalogue-source.test.ts',
  'apps/server/src/features/decks/card-rules-catalogue.test.ts',
  'apps/server/src/features/legal/legal.test.ts',
  'apps/server/src/features/prices/prices-cli.test.ts',
  'apps/server/src/http-server.test.ts',
  'apps/server/src/lib/!(input-guard).test.ts',
  'apps/server/src/security/process.security.test.ts',
  'packages/core/src/**/*.security.test.ts',
];
const onPostgres = Boolean(process.env.DATABASE_URL);
const independentOf = (files: string[]) => (onPostgres ? files : []);

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (cores - 1: one worker on the 2-core CI); the tests spend much of their time
    // waiting on databases, child processes and sockets.
    maxWorkers: os.availableParallelism(),
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
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          exclude: ['**/*.security.test.ts', '**/node_modules/**', ...independentOf(DATABASE_INDEPENDENT)],
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
          exclude: ['**/node_modules/**', ...independentOf(DATABASE_INDEPENDENT)],
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
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
