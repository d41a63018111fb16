import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** No .only in committed tests (every file; the web blocks below set no-restricted-syntax again and repeat it). */
const noOnly = { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]", message: 'No .only in committed tests.' };

// Web import boundaries (issue 13; ADR 005 "Feature boundaries"). app/ (router, guards, layout) composes the features
// and may import anything. features/, lib/ and components/ never import app/; lib/ and components/ never import a
// feature. A feature reaches another feature only through its public folders, api/ (query options, hooks, calls) and
// components/ (widgets meant to be shared), never its routes/, utils/ or root modules. An import that leaves its folder
// uses the `@/` alias (apps/web/src), never `../`. no-restricted-imports does not see import(); the same patterns are
// checked on lazy imports through no-restricted-syntax.
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noClimbing = ['^\\.\\.(/|$)', 'Import from another folder through the @/ alias (apps/web/src), not ../.'];
const noApp = ['^@/app/', 'Only app/ imports app/ (router, guards, layout): move what is shared to lib/ or components/.'];
const noFeatures = ['^@/features/', 'lib/, components/ and cards/ belong to no feature and never import one.'];
const onlyPublicOf = (own) => [
  `^@/features/(?!${own}/)[^/]+/(?!(api|components)/)`,
  'Another feature is imported only through its api/ or components/ (ADR 005), never its routes or internal modules.',
];
const webImports = (files, restrictions) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: restrictions.map(([regex, message]) => ({ regex, message })) }],
    'no-restricted-syntax': [
      'error',
      noOnly,
      // esquery regex literals end at the first '/', so it is written \x2F here.
      ...restrictions.map(([regex, message]) => ({ selector: `ImportExpression > Literal[value=/${regex.replaceAll('/', '\\x2F')}/]`, message })),
    ],
  },
});

// Server features call each other's services, never their routes (ARCHITECTURE rule 1): only app.ts mounts routes.
// bench/structure.ts --check holds the same rule on resolved imports (import() and type imports included).
const serverFeatures = fs
  .readdirSync(new URL('./apps/server/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noOtherRoutes = (own) => ({
  files: [`apps/server/src/features/${own}/**`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(features/)?(?!${own}/)[^/.][^/]*/[^/]+\\.routes(\\.ts)?$`,
            message: "A server feature uses another feature's service, never its routes: app.ts mounts the routes.",
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'apps/server/src/db/migrations/**', 'bench/results/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        noOnly,
      ],
    },
  },
  // Regular expressions: every super-linear pattern is an error (hardening issue: a
  // backtracking deck-list regex once stalled the server for 52 s). Parsers of user text are hand-written scanners
  // or regexes these rules accept; docs/security-suite.md.
  {
    plugins: { regexp },
    rules: {
      'regexp/no-dupe-disjunctions': 'error',
      'regexp/no-misleading-capturing-group': 'error',
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { ignoreSticky: false, ignorePartial: false }],
    },
  },
  // Boundaries (issue 13): imports flow one way. Server lib/, db/ and catalogue/ (the card index every feature reads) are the layers under features/ and never import
  // them; packages/core is shared by both apps and never imports them. Import cycles are found by
  // `bench/structure.ts --check`, which `npm run lint` runs after ESLint (eslint-plugin-import-x needs native
  // resolver packages our registry does not carry for every platform, so `npm ci` could not install it everywhere).
  {
    files: ['apps/server/src/lib/**', 'apps/server/src/db/**', 'apps/server/src/catalogue/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**'], message: 'lib/, db/ and catalogue/ sit under the features: move what both need into one of them.' }] },
      ],
    },
  },
  {
    files: ['packages/core/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', '@grandline/server', '@grandline/server/*', '@grandline/web', '@grandline/web/*'], message: 'packages/core is shared by the apps and never imports them.' }] },
      ],
    },
  },
  // One error envelope (issue 13): every server answer { error: { code, message, … } } is built by errorBody or
  // appErrorBody (lib/errors.ts), never written by hand.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/errors.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noOnly,
        { selector: "Property[key.name='error'] > ObjectExpression > Property[key.name='code']", message: 'Build an error answer with errorBody or appErrorBody (lib/errors.ts).' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...serverFeatures.map(noOtherRoutes),
  webImports(['apps/web/src/**'], [noClimbing]),
  webImports(['apps/web/src/lib/**', 'apps/web/src/components/**', 'apps/web/src/cards/**'], [noClimbing, noApp, noFeatures]),
  ...webFeatures.map((feature) => webImports([`apps/web/src/features/${feature}/**`], [noClimbing, noApp, onlyPublicOf(feature)])),
);
