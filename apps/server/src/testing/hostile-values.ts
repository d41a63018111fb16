/**
 * Values an outside probe sends to find the inputs a server forgot to bound: each is tried in every path
 * parameter, query parameter and body field of the API (security suite). A value the contracts accept must be
 * stored and answered without a 5xx; a value they refuse must get a 4xx JSON error.
 */
export interface HostileValue {
  /** A short name for reports. */
  name: string;
  /** The value as it goes into a JSON body. */
  value: unknown;
  /** Already percent-encoded text for URLs, when encodeURIComponent cannot express it (malformed encodings). */
  url?: string;
}

const MB = 1024 * 1024;

/** A JSON object with an own `__proto__` key (an object literal would set the prototype instead). */
const protoPollution = JSON.parse('{"__proto__":{"polluted":true,"isAdmin":true}}') as unknown;

/** 200 levels of nested arrays. */
const deepArray = JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`) as unknown;

export const HOSTILE_VALUES: readonly HostileValue[] = [
  // NUL: PostgreSQL refuses it in text columns.
  { name: 'NUL inside a string', value: 'ab\u0000cd' },
  { name: 'NUL alone', value: '\u0000' },
  { name: 'NUL in an e-mail', value: 'fuzz\u0000@example.com' },
  // Sizes.
  { name: '1 MB string', value: 'a'.repeat(MB) },
  { name: '1 MB e-mail', value: `${'a'.repeat(MB)}@example.com` },
  // Under the JSON body limit, so that the field's own bound answers.
  { name: '100 KB string', value: 'a'.repeat(100 * 1024) },
  { name: '100 KB e-mail', value: `${'a'.repeat(100 * 1024)}@example.com` },
  { name: '300-character e-mail', value: `${'a'.repeat(288)}@example.com` },
  { name: 'very long unicode (40,000 astral characters)', value: '𝔘'.repeat(40_000) },
  { name: 'empty string', value: '' },
  { name: 'whitespace', value: ' \t\n\r\u00a0\u2003 ' },
  // Numbers around the int32 columns and beyond.
  { name: '2^31', value: 2 ** 31 },
  { name: '2^31 - 1', value: 2 ** 31 - 1 },
  { name: '-(2^31) - 1', value: -(2 ** 31) - 1 },
  { name: '2^53', value: 2 ** 53 },
  { name: '-1', value: -1 },
  { name: '0', value: 0 },
  { name: '-0', value: -0 },
  { name: '1.5', value: 1.5 },
  { name: '1e10', value: 1e10 },
  { name: '1e308', value: 1e308 },
  { name: '5e-324', value: 5e-324 },
  { name: "'2147483648' as a string", value: '2147483648' },
  { name: "'NaN'", value: 'NaN' },
  { name: "'Infinity'", value: 'Infinity' },
  { name: "'-Infinity'", value: '-Infinity' },
  { name: "'1e999'", value: '1e999' },
  { name: "'0x7fffffff'", value: '0x7fffffff' },
  // Wrong JSON types.
  { name: 'null', value: null },
  { name: 'true', value: true },
  { name: 'false', value: false },
  { name: 'empty array', value: [] },
  { name: 'mixed array', value: ['a', 1, null, { b: 2 }] },
  { name: '200 nested arrays', value: deepArray },
  { name: 'nested object', value: { a: { b: { c: { d: 'e' } } } } },
  { name: 'object with __proto__', value: protoPollution },
  { name: 'object with constructor.prototype', value: { constructor: { prototype: { polluted: true } } } },
  // Text that means something elsewhere.
  { name: 'javascript: URL', value: 'javascript:alert(document.cookie)' },
  { name: 'data: URL', value: 'data:text/html,<script>alert(1)</script>' },
  { name: 'http: URL to another host', value: 'http://evil.example/x.png' },
  { name: 'HTML', value: '<img src=x onerror=alert(1)><script>alert(1)</script>' },
  { name: 'RTL override and emoji', value: '\u202egnp.exe\u202c 👨‍👩‍👧‍👦 مرحبا שלום' },
  { name: 'lone surrogate', value: 'a\ud800b', url: 'a%ED%A0%80b' },
  { name: 'malformed percent-encoding', value: '%E0%A4%A', url: '%E0%A4%A' },
  { name: 'SQL', value: "' OR '1'='1'; DROP TABLE users; --" },
  { name: 'LIKE wildcards and backslash', value: '%_\\%\\' },
  { name: 'path traversal', value: '../../../../etc/passwd' },
  { name: 'encoded path traversal', value: '..%2f..%2f..%2fetc%2fpasswd' },
  { name: 'template and format strings', value: '${7*7}{{7*7}}%s%n%x' },
  { name: 'CRLF header injection', value: 'a\r\nSet-Cookie: injected=1' },
];

/** The text of a hostile value where only text can go (path segments, query strings, text bodies). */
export function hostileText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A hostile value percent-encoded for a path segment or a query string. */
export function hostileUrlText(hostile: HostileValue, value = hostile.value): string {
  return hostile.url ?? encodeURIComponent(hostileText(value));
}

/** Patterns of an answer that leaks internals: a stack trace, a file of ours or of a library. */
const STACK_TRACE_PATTERNS: readonly RegExp[] = [/\n[ \t]+at /, /node_modules/, /\.ts:\d/, /\.m?js:\d+:\d+/, /\bat async\b/];

/** Whether an answer's body leaks a stack trace or source location. */
export const leaksInternals = (body: string) => STACK_TRACE_PATTERNS.some((p) => p.test(body));
