import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { createTestDatabase, testLog } from '../../testing/test-app';
import { clearGeoCache, detectCountry, isPublicAddress } from './geo.service';

/** A stand-in geolocation service on loopback: /BR answers BR, /slow answers after 3 s, /bad is not JSON. */
let server: http.Server;
let base = '';
const seen: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.url ?? '');
    const ip = decodeURIComponent((req.url ?? '').split('/')[2] ?? '');
    if (ip === '203.0.113.10') {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ ip, country_code: 'br' }));
    } else if (ip === '203.0.113.20') {
      setTimeout(() => res.end(JSON.stringify({ country_code: 'DE' })), 3000);
    } else if (ip === '203.0.113.30') {
      res.end('<html>not json</html>');
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => clearGeoCache());

describe('country detection', () => {
  it('tells public addresses from private ones', () => {
    expect(isPublicAddress('203.0.113.10')).toBe(true);
    expect(isPublicAddress('2001:db8::1')).toBe(true);
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.5', '172.20.0.1', '::1', 'fd00::1', '::ffff:127.0.0.1', 'not-an-ip']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('asks the service for public addresses and caches the answer', async () => {
    const url = `${base}/lookup/{ip}`;
    expect(await detectCountry({ ip: '203.0.113.10', geoipUrl: url, log: testLog })).toEqual({ countryCode: 'BR', source: 'ip' });
    const calls = seen.length;
    await detectCountry({ ip: '203.0.113.10', geoipUrl: url, log: testLog });
    expect(seen.length).toBe(calls);
  });

  it('gives up after the time-out and on bad answers, without an error', async () => {
    const url = `${base}/lookup/{ip}`;
    const started = performance.now();
    expect(await detectCountry({ ip: '203.0.113.20', geoipUrl: url, log: testLog, timeoutMs: 300 })).toEqual({ countryCode: null, source: 'none' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await detectCountry({ ip: '203.0.113.30', geoipUrl: url, log: testLog })).toEqual({ countryCode: null, source: 'none' });
    expect(await detectCountry({ ip: '203.0.113.40', geoipUrl: url, log: testLog })).toEqual({ countryCode: null, source: 'none' });
    expect(await detectCountry({ ip: '127.0.0.1', geoipUrl: url, log: testLog })).toEqual({ countryCode: null, source: 'none' });
    expect(await detectCountry({ ip: '203.0.113.10', geoipUrl: undefined, log: testLog })).toEqual({ countryCode: null, source: 'none' });
  });
});

describe('GET /api/geo/country', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('uses the forwarded address only behind a trusted proxy', async () => {
    const geoipUrl = `${base}/lookup/{ip}`;
    // One proxy in front: it appended the address it saw; the part before it is the client's own (forgeable) text.
    const proxied = buildApp({ db: database.db, log: testLog, trustProxy: 1, geoipUrl });
    const res = await proxied.request('/api/geo/country', { headers: { 'X-Forwarded-For': '203.0.113.20, 203.0.113.10' } });
    expect(await res.json()).toEqual({ countryCode: 'BR', source: 'ip' });
    // Two proxies (a CDN, then a load balancer): the client is the second entry from the right.
    const twoHops = buildApp({ db: database.db, log: testLog, trustProxy: 2, geoipUrl });
    const behindTwo = await twoHops.request('/api/geo/country', { headers: { 'X-Forwarded-For': '203.0.113.10, 10.0.0.1' } });
    expect(await behindTwo.json()).toEqual({ countryCode: 'BR', source: 'ip' });

    const direct = buildApp({ db: database.db, log: testLog, trustProxy: false, geoipUrl });
    const forged = await direct.request('/api/geo/country', { headers: { 'X-Forwarded-For': '203.0.113.10' } }, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
    expect(await forged.json()).toEqual({ countryCode: null, source: 'none' });
  });
});
