// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps its state: each test gets a fresh copy.
const fresh = async () => {
  vi.resetModules();
  return import('./reachability');
};

describe('reachability', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a failed call makes the server unreachable at once, and listeners hear it', async () => {
    const r = await fresh();
    const heard = vi.fn();
    const stop = r.subscribeConnection(heard);
    expect(r.connectionNow()).toBe('online');
    r.reportReachability(false);
    expect(r.connectionNow()).toBe('unreachable');
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
  });

  it('while unreachable, a success (maybe from the HTTP cache) is checked by a probe no cache answers', async () => {
    const r = await fresh();
    r.reportReachability(false);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    r.reportReachability(true);
    expect(r.connectionNow()).toBe('unreachable');
    expect(fetchMock).toHaveBeenCalledWith('/api/health', expect.objectContaining({ cache: 'no-store' }));
    await vi.runAllTimersAsync();
    expect(r.connectionNow()).toBe('unreachable');

    fetchMock.mockResolvedValueOnce(new Response('{"status":"ok"}', { status: 200 }));
    r.reportReachability(true);
    await vi.runAllTimersAsync();
    expect(r.connectionNow()).toBe('online');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an answer the service worker gave from its cache does not count as the server', async () => {
    const r = await fresh();
    r.reportReachability(false);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 200, headers: { [r.FROM_CACHE_HEADER]: '1' } }));
    r.reportReachability(true);
    await vi.runAllTimersAsync();
    expect(r.connectionNow()).toBe('unreachable');
  });

  it('probes at most once per interval however many calls succeed, and then once more', async () => {
    const r = await fresh();
    r.reportReachability(false);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    for (let i = 0; i < 50; i++) r.reportReachability(true);
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 50; i++) r.reportReachability(true);
    await vi.advanceTimersByTimeAsync(r.PROBE_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('when online, a success sends no probe', async () => {
    const r = await fresh();
    r.reportReachability(true);
    await vi.runAllTimersAsync();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(r.connectionNow()).toBe('online');
  });
});
