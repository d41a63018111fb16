import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'structure.ts');
const trees: string[] = [];

/** A scratch repository with the given files, checked as `npm run lint` checks this one. */
function check(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'grandline-structure-'));
  trees.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, root, '--check'], { encoding: 'utf8' });
  return { status: run.status, errors: run.stderr };
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
/** A function of exactly `n` lines, braces included. */
const fn = (name: string, n: number) => `export function ${name}() {\n${'  void 0;\n'.repeat(n - 2)}}\n`;

afterAll(() => {
  for (const root of trees) fs.rmSync(root, { recursive: true, force: true });
});

// Each check is a child process that loads tsx and the TypeScript compiler: about 1 s of CPU, 3 s on a loaded 2-core
// machine, and a test runs up to two. Vitest's 5 s default is a bound on in-process work, not on this.
describe('bench/structure.ts --check', { timeout: 30_000 }, () => {
  it('passes units at the limits, long tests, and a feature calling another feature\'s service', () => {
    const { status, errors } = check({
      'bench/at-limit.ts': lines(400),
      'apps/web/e2e/helpers.ts': fn('helper', 150),
      'apps/web/e2e/long.spec.ts': fn('spec', 200) + lines(300),
      'apps/server/src/features/a/a.service.ts': "import { b } from '../b/b.service';\nexport const a = b;\n",
      'apps/server/src/features/b/b.service.ts': 'export const b = 1;\n',
      'apps/server/src/features/b/b.routes.ts': "import { b } from './b.service';\nexport const routes = b;\n",
    });
    expect(errors).toBe('');
    expect(status).toBe(0);
  });

  it('fails on a file over 400 lines or a function over 150 in bench/ and e2e/, and on a feature importing another\'s routes', () => {
    const { status, errors } = check({
      'bench/big.ts': lines(401),
      'apps/web/e2e/helpers.ts': fn('helper', 151),
      'apps/server/src/features/a/a.service.ts': "import { routes } from '../b/b.routes';\nexport const a = routes;\n",
      'apps/server/src/features/b/b.routes.ts': 'export const routes = 1;\n',
    });
    expect(status).toBe(1);
    expect(errors).toContain('size: bench/big.ts: 401 lines');
    expect(errors).toContain('size: apps/web/e2e/helpers.ts helper: 151 lines');
    expect(errors).toContain('boundary: apps/server/src/features/a/a.service.ts → apps/server/src/features/b/b.routes.ts');
  });


  it('fails on feature folders that import each other with no file cycle among them, type imports included, and passes a one-way pair', () => {
    const cycle = check({
      'apps/web/src/features/a/api/a-api.ts': "import type { B } from '../../b/components/b-view';\nexport type A = B;\n",
      'apps/web/src/features/b/components/b-view.tsx': 'export type B = number;\n',
      'apps/web/src/features/b/components/b-util.ts': "import { d } from '../../c/api/c-api';\nexport const c = d;\n",
      'apps/web/src/features/c/api/c-api.ts': "import type { A } from '../../a/api/a-api';\nexport const d: A = 1;\n",
    });
    expect(cycle.status).toBe(1);
    expect(cycle.errors).toContain('feature cycle: web:a ↔ web:b ↔ web:c');
    expect(cycle.errors).toContain('0 import cycle(s), 1 feature folder cycle(s)');
    const oneWay = check({
      'apps/server/src/features/a/a.service.ts': "import { b } from '../b/b.service';\nexport const a = b;\n",
      'apps/server/src/features/b/b.service.ts': 'export const b = 1;\n',
      'apps/server/src/features/b/b.test.ts': "import { a } from '../a/a.service';\nexport const t = a;\n",
    });
    expect(oneWay.errors).toBe('');
    expect(oneWay.status).toBe(0);
  });

  it('holds the feature directions of docs/ARCHITECTURE.md against the imports, both ways', () => {
    const doc = '# A\n\n## Feature directions\n\nServer:\n- a → b\n- b → c\n\nWeb:\n- x → y\n\n## Next\n- c → a\n';
    const { status, errors } = check({
      'docs/ARCHITECTURE.md': doc,
      'apps/server/src/features/a/a.service.ts': "import { b } from '../b/b.service';\nimport { c } from '../c/c.service';\nexport const a = b + c;\n",
      'apps/server/src/features/b/b.service.ts': 'export const b = 1;\n',
      'apps/server/src/features/c/c.service.ts': 'export const c = 1;\n',
      'apps/web/src/features/x/api/x.ts': "import { y } from '../../y/api/y';\nexport const x = y;\n",
      'apps/web/src/features/y/api/y.ts': 'export const y = 1;\n',
    });
    expect(status).toBe(1);
    expect(errors).toContain('direction: server:a → server:c: an import docs/ARCHITECTURE.md ("Feature directions") does not list');
    expect(errors).toContain('direction: server:b → server:c: listed in docs/ARCHITECTURE.md ("Feature directions") but no import takes it');
    expect(errors).not.toContain('web:x');
    expect(errors).not.toContain('server:c → server:a');
  });
});
