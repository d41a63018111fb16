// Powerful browser features are off for our pages and anything they embed: nothing here uses them, so a
// script injected or framed by mistake cannot ask for them either. The camera is allowed for our own pages
// only: the card scanner (/scan). The app also uses the clipboard (share links) and fullscreen, which keep
// the browser's default (self only).
const permissions: Record<string, string> = {
  accelerometer: '()',
  autoplay: '()',
  'browsing-topics': '()',
  camera: '(self)',
  'display-capture': '()',
  'encrypted-media': '()',
  geolocation: '()',
  gyroscope: '()',
  hid: '()',
  'idle-detection': '()',
  magnetometer: '()',
  microphone: '()',
  midi: '()',
  payment: '()',
  'publickey-credentials-get': '()',
  'screen-wake-lock': '()',
  serial: '()',
  usb: '()',
  'xr-spatial-tracking': '()',
};
export const PERMISSIONS_POLICY = Object.entries(permissions)
  .map(([feature, allowlist]) => `${feature}=${allowlist}`)
  .join(', ');
/** The security headers of every API answer (JSON, never rendered), precomputed: see app.ts. */
export const API_HEADERS: readonly [string, string][] = [
  ['Content-Security-Policy', "default-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Permissions-Policy', PERMISSIONS_POLICY],
];
