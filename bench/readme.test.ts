import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODES } from './parts';

const root = path.resolve(import.meta.dirname, '..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const folders = (dir: string) =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

/** The folders named at the start of a line (`name/  what it holds`) in the first code block after `heading`. */
function listedAfter(heading: string): string[] {
  const open = readme.indexOf('```\n', readme.indexOf(heading)) + 4;
  const block = readme.slice(open, readme.indexOf('\n```', open));
  return [...block.matchAll(/^([a-z-]+)\/ /gm)].map((m) => m[1]!).sort();
}

describe('README', () => {
  it('lists every feature folder of the web app and of the server, and no other', () => {
    expect(listedAfter('Web feature folders')).toEqual(folders('apps/web/src/features'));
    expect(listedAfter('Server feature folders')).toEqual(folders('apps/server/src/features'));
  });

  it('lists every BENCH_ONLY mode, one line each', () => {
    const listed = [...readme.matchAll(/^- `BENCH_ONLY=([a-z]+)`: /gm)].map((m) => m[1]);
    expect(listed).toEqual(Object.keys(MODES));
  });
});
