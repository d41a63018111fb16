import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Server and security test files whose result does not depend on DATABASE_URL: they use no database, or start their
 * own process on an embedded data directory whatever DATABASE_URL says. They run in the PGlite pass only.
 */
const DATABASE_INDEPENDENT = [
  'apps/server/src/features/auth/session-lookup.test.ts',
  'apps/server/src/features/cards/catalogue-source.test.ts',
  'apps/server/src/features/decks/card-rules-catalogue.test.ts',
  'apps/server/src/features/legal/legal.test.ts',
  'apps/server/src/features/prices/prices-cli.test.ts',
  'apps/server/src/features/tournaments/limitless-shapes.test.ts',
  'apps/server/src/features/tournaments/tournaments-cli.test.ts',
  'apps/server/src/http-server.test.ts',
  'apps/server/src/lib/!(input-guard|notification-outbox).test.ts',
  'apps/server/src/security/process.security.test.ts',
  'packages/core/src/**/*.security.test.ts',
];

/**
 * Files that test the embedded database's own code paths, or code that could fail on its single connection alone:
 * with the files above, what CI's PGlite pass runs (TEST_DB_PASS=embedded). Every other server file runs there on
 * PostgreSQL only; `npm test` still runs every file on PGlite. The reason for each is in docs/testing.md.
 */
const EMBEDDED_PATHS = [
  'apps/server/src/db/client-events.test.ts',
  'apps/server/src/db/table-statistics.test.ts',
  'apps/server/src/jobs/scheduler.test.ts',
  'apps/server/src/jobs/housekeeping.test.ts',
  'apps/server/src/features/watches/watches.test.ts',
  'apps/server/src/security/cluster.security.test.ts',
  'apps/server/src/security/openapi-fuzz.security.test.ts',
  'apps/server/src/security/auth-fuzz.security.test.ts',
];

const SECURITY_FILES = ['packages/core/src/**/*.security.test.ts', 'apps/server/src/**/*.security.test.ts'];
/** Security files with time bounds: the project security-timed runs them alone. */
const TIMED = ['packages/core/src/**/*.security.test.ts', 'apps/server/src/security/process.security.test.ts', 'apps/server/src/security/search.security.test.ts'];

const onPostgres = Boolean(process.env.DATABASE_URL);
const embeddedPass = process.env.TEST_DB_PASS === 'embedded';
if (embeddedPass && onPostgres) throw new Error('TEST_DB_PASS=embedded is the PGlite pass: unset DATABASE_URL');
/** A project's files: all of `own`, or only the PGlite pass's share of them; never the independent ones on PostgreSQL. */
const filesOf = (own: string[]) => (embeddedPass ? [...DATABASE_INDEPENDENT, ...EMBEDDED_PATHS] : own);
const independentOf = () => (onPostgres ? DATABASE_INDEPENDENT : []);

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (cores - 1: one worker on the 2-core CI); the tests spend much of their time
    // waiting on databases, child processes and sockets.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'core',
          // The bench's own logic (its report) is tested with the core: no database, no server.
          include: ['packages/core/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['**/*.security.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: filesOf(['apps/server/src/**/*.test.ts']),
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          exclude: ['**/*.security.test.ts', '**/node_modules/**', ...independentOf()],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        // npm run test:security: hostile input, resource limits, headers, the data-directory lock (docs/security-suite.md).
        test: {
          name: 'security',
          include: filesOf(SECURITY_FILES).filter((f) => f.endsWith('.security.test.ts')),
          exclude: ['**/node_modules/**', ...TIMED, ...independentOf()],
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The security files that assert time bounds (parser times, /api/health p99 during a hostile upload): one file
        // at a time, after every other project of the run (groupOrder), so they measure the code, not a neighbour test
        // competing for the same two cores.
        test: {
          name: 'security-timed',
          // Each is independent of DATABASE_URL (DATABASE_INDEPENDENT) or runs on PGlite's templates (the search's
          // hostile queries on the real library): the PostgreSQL pass has none of them.
          include: onPostgres ? [] : TIMED,
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          environment: 'node',
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // `@/…` is apps/web/src, as in apps/web/vite.config.ts and apps/web/tsconfig.json.
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'web',
          // Components in a browser-like document; a .test.ts file that needs one says `@vitest-environment jsdom`.
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
      {
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'apps/web/src') } },
        test: {
          name: 'web-logic',
          // The web app's logic (.test.ts): no document to build for each file unless the file asks for one.
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
