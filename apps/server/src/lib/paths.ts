import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's directory (apps/server), found from this module upwards: the same answer when the server
 * runs from its sources (src/lib/paths.ts) and from the bundle `npm run build` writes (dist/main.js). Files read at
 * run time — migrations, legal texts, the built web app — are located from here, never from a module's own place.
 */
function serverRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const SERVER_ROOT = serverRoot(import.meta.dirname);
