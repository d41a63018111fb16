/**
 * Fetching a user's link without reaching inside our network (SSRF): private, loopback, link-local and reserved
 * addresses are refused whether written as an IP or reached through a name, redirects are checked the same way, and
 * every fetch has a time-out and a size cap. A local server stands in for the other site.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublic, isPublicAddress, PublicFetchError } from './public-fetch';

let server: http.Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === '/pic') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(100, 1));
    if (req.url === '/big') return res.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.alloc(5000, 1));
    if (req.url === '/chunked-big') {
      res.writeHead(200, { 'Content-Type': 'image/png' });
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1000, 1));
      return res.end();
    }
    if (req.url === '/hop') return res.writeHead(302, { Location: '/pic' }).end();
    if (req.url === '/loop') return res.writeHead(302, { Location: '/loop' }).end();
    if (req.url === '/to-metadata') return res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/slow') return setTimeout(() => res.writeHead(200).end('late'), 2000);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const reason = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'fetched';
  } catch (err) {
    return err instanceof PublicFetchError ? err.reason : `other: ${String(err)}`;
  }
};
const local = { timeoutMs: 1000, maxBytes: 1024, allowLoopback: true };

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local (cloud metadata), carrier-grade NAT, reserved, mapped and embedded addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not an ip',
      // IPv4-compatible (::/96), IPv4-translated, NAT64, 6to4 and Teredo forms of inner addresses; site-local; discard;
      // documentation and benchmarking ranges of both families; unassigned IPv6 outside 2000::/3.
      '::127.0.0.1', '::7f00:1', '::a00:1', '::ffff:0:7f00:1', '64:ff9b::7f00:1', '2002:7f00:1::1', '2001:0:4136:e378::1', 'fec0::1',
      '100::1', '2001:db8::1', '3fff::1', '198.18.0.1', '192.0.2.1', '203.0.113.7', '240.0.0.1', '255.255.255.255', '4000::1', 'e000::1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '151.101.1.69', '2a03:2880:f12f:83:face:b00c::25de']) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('fetchPublic', () => {
  it('never connects to a private address, written as an IP, as a name that resolves to one, or behind a redirect', async () => {
    const before = hits;
    expect(await reason(fetchPublic(`${base}/pic`, { timeoutMs: 1000, maxBytes: 1024 }))).toBe('address');
    expect(await reason(fetchPublic(`${base.replace('127.0.0.1', 'localhost')}/pic`, { timeoutMs: 1000, maxBytes: 1024 }))).toBe('address');
    expect(await reason(fetchPublic('http://[::1]:9/pic', { timeoutMs: 1000, maxBytes: 1024 }))).toBe('address');
    expect(hits).toBe(before);
    // A redirect to the cloud's metadata address is checked like the first address (loopback allowed here, nothing else).
    expect(await reason(fetchPublic(`${base}/to-metadata`, local))).toBe('address');
  });

  it('fetches, follows a redirect, and stops at the size cap, the time-out and a redirect loop', async () => {
    expect((await fetchPublic(`${base}/pic`, local)).body.length).toBe(100);
    expect((await fetchPublic(`${base}/hop`, local)).contentType).toBe('image/png');
    expect(await reason(fetchPublic(`${base}/big`, local))).toBe('size');
    expect(await reason(fetchPublic(`${base}/chunked-big`, local))).toBe('size');
    expect(await reason(fetchPublic(`${base}/slow`, { ...local, timeoutMs: 200 }))).toBe('timeout');
    expect(await reason(fetchPublic(`${base}/loop`, local))).toBe('redirects');
    expect(await reason(fetchPublic(`${base}/missing`, local))).toBe('status');
    expect(await reason(fetchPublic('ftp://example.com/x', local))).toBe('address');
  });
});
