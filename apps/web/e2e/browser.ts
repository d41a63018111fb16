import { execFileSync } from 'node:child_process';

/** The first of these programs on PATH, or null. */
function onPath(...names: string[]): string | null {
  for (const name of names) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      /* try the next name */
    }
  }
  return null;
}

/**
 * Debian's Chromium (never a downloaded browser): CHROMIUM_PATH, else its headless shell (package
 * chromium-headless-shell: the old headless mode Playwright itself uses for headless runs, the same Blink without the
 * browser's own interface; the whole run takes a quarter less CPU), else `chromium`.
 */
export function chromiumPath(): string {
  const found = process.env.CHROMIUM_PATH ?? onPath('chromium-headless-shell', 'chromium', 'chromium-browser');
  if (!found) throw new Error("Chromium not found: install Debian's chromium-headless-shell (or chromium) package, or set CHROMIUM_PATH");
  return found;
}

/** The full browser, for what the headless shell lacks (the fake camera of e2e/scan.spec.ts). */
export function fullChromiumPath(): string {
  const found = process.env.CHROMIUM_FULL_PATH ?? onPath('chromium', 'chromium-browser');
  if (!found) throw new Error("Chromium not found: install Debian's chromium package, or set CHROMIUM_FULL_PATH");
  return found;
}
