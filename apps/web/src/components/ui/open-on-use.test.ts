// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { partLoader, useLiveOnUse } from './open-on-use';

describe('partLoader', () => {
  it('fetches the part once for every caller', async () => {
    const load = vi.fn(() => Promise.resolve('part'));
    const part = partLoader(load);
    part.preload();
    const [a, b] = await Promise.all([part.load(), part.load()]);
    expect([a, b]).toEqual(['part', 'part']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed fetch, and a failed preload throws nothing', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('part');
    const part = partLoader(load as () => Promise<string>);
    part.preload();
    await expect(part.load()).rejects.toThrow('offline');
    await expect(part.load()).resolves.toBe('part');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useLiveOnUse', () => {
  it('gives nothing until first use, then the part and whether a key opened it; repeated uses fetch once', async () => {
    const load = vi.fn(() => Promise.resolve('LivePart'));
    const { result } = renderHook(() => useLiveOnUse(load));
    expect(result.current.live).toBeNull();
    expect(load).not.toHaveBeenCalled();
    act(() => {
      result.current.mount(true);
      result.current.mount(false);
    });
    await waitFor(() => expect(result.current.live).toEqual({ component: 'LivePart', byKey: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets a later use try again when the fetch failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('LivePart');
    const { result } = renderHook(() => useLiveOnUse(load as () => Promise<string>));
    act(() => result.current.mount(false));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.live).toBeNull();
    act(() => result.current.mount(false));
    await waitFor(() => expect(result.current.live).toEqual({ component: 'LivePart', byKey: false }));
  });
});
