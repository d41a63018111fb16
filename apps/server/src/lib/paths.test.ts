import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from './paths';

describe('SERVER_ROOT', () => {
  it('is the server package, holding what is read at run time', () => {
    expect(JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')).name).toBe('@grandline/server');
    expect(fs.existsSync(path.join(SERVER_ROOT, 'src/db/migrations/meta/_journal.json'))).toBe(true);
    expect(fs.existsSync(path.join(SERVER_ROOT, 'legal'))).toBe(true);
  });
});
