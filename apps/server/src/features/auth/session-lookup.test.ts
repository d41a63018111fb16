import { serializeSignedCookie } from 'better-call';
import { describe, expect, it } from 'vitest';
import { verifiedToken } from './session-lookup';

const SECRET = 'test-secret-test-secret-test-secret-1234';

/** The cookie value as the authentication library sets it (better-call signs and URL-encodes it). */
async function signedValue(token: string, secret = SECRET) {
  const header = await serializeSignedCookie('better-auth.session_token', token, secret);
  return header.split(';')[0]!.slice('better-auth.session_token='.length);
}

describe('verifiedToken', () => {
  it('accepts the value the library signed, and only with its secret', async () => {
    const value = await signedValue('9Ixq2sYwKp0tLm3Nb7Vc');
    expect(verifiedToken(value, SECRET)).toBe('9Ixq2sYwKp0tLm3Nb7Vc');
    expect(verifiedToken(value, `${SECRET}x`)).toBeNull();
  });

  it('refuses a changed token, a changed signature and malformed values', async () => {
    const value = await signedValue('token-one');
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    expect(verifiedToken(encodeURIComponent(`token-two.${signature}`), SECRET)).toBeNull();
    expect(verifiedToken(encodeURIComponent(`${token}.${signature.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'))}`), SECRET)).toBeNull();
    for (const bad of ['', '.', 'no-dot', `.${signature}`, '%E0%A4%A', `${token}.${'x'.repeat(44)}`, `${token}.${signature.slice(0, -1)}`]) {
      expect(verifiedToken(bad, SECRET)).toBeNull();
    }
  });

  it('reads a hostile value of a megabyte in one pass', () => {
    expect(verifiedToken('.'.repeat(1_000_000), SECRET)).toBeNull();
    expect(verifiedToken(`${'%41'.repeat(300_000)}.${'A'.repeat(43)}=`, SECRET)).toBeNull();
  });
});
