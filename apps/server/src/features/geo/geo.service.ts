import { isIP } from 'node:net';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../../lib/logger';

export interface CountryGuess {
  countryCode: string | null;
  /** 'ip' when the geolocation service answered; 'none' otherwise (the browser then uses its language's region). */
  source: 'ip' | 'none';
}

const cache = new LRUCache<string, CountryGuess>({ max: 10_000, ttl: 60 * 60_000 });
export const clearGeoCache = () => cache.clear();

/** Loopback, private, link-local and unique-local addresses cannot be located. */
export function isPublicAddress(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return !(a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127));
  }
  if (v === 6) {
    const lower = ip.toLowerCase();
    if (lower.startsWith('::ffff:')) return isPublicAddress(lower.slice(7));
    return !(lower === '::1' || lower === '::' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80'));
  }
  return false;
}

/**
 * The visitor's country from an IP-geolocation service: GEOIP_URL with {ip} in it, answering JSON with
 * `country_code`. 1.5 s at most (spec §9); any failure is "unknown", never an error for the user.
 */
export async function detectCountry({
  ip,
  geoipUrl,
  log,
  timeoutMs = 1500,
}: {
  ip: string | undefined;
  geoipUrl: string | undefined;
  log: Logger;
  timeoutMs?: number;
}): Promise<CountryGuess> {
  const none: CountryGuess = { countryCode: null, source: 'none' };
  if (!geoipUrl || !ip || !isPublicAddress(ip)) return none;
  const cached = cache.get(ip);
  if (cached) return cached;
  try {
    const res = await fetch(geoipUrl.replace('{ip}', encodeURIComponent(ip)), { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } });
    if (!res.ok) return none;
    const body = (await res.json()) as { country_code?: unknown; countryCode?: unknown };
    const code = typeof body.country_code === 'string' ? body.country_code : typeof body.countryCode === 'string' ? body.countryCode : '';
    if (!/^[A-Za-z]{2}$/.test(code)) return none;
    const guess: CountryGuess = { countryCode: code.toUpperCase(), source: 'ip' };
    cache.set(ip, guess);
    return guess;
  } catch (err) {
    log.debug({ err }, 'country detection failed');
    return none;
  }
}
