// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebouncedCallback, useDebouncedValue } from './use-debounced-callback';

describe('useDebouncedCallback', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls once, with the last arguments, after the calls stop for the delay', () => {
    const fn = vi.fn();
    const { result } = renderHook(() => useDebouncedCallback(fn, 250));
    act(() => {
      result.current('z');
      vi.advanceTimersByTime(200);
      result.current('zo');
      vi.advanceTimersByTime(249);
    });
    expect(fn).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(fn).toHaveBeenCalledOnce();
    expect(fn).toHaveBeenCalledWith('zo');
  });

  it('keeps the same function across renders and calls the latest one rendered', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ fn }) => useDebouncedCallback(fn, 100), { initialProps: { fn: first } });
    const debounced = result.current;
    act(() => debounced('a'));
    rerender({ fn: second });
    expect(result.current).toBe(debounced);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith('a');
  });

  it('drops the waiting call on cancel and on unmount', () => {
    const fn = vi.fn();
    const { result, unmount } = renderHook(() => useDebouncedCallback(fn, 100));
    act(() => {
      result.current('a');
      result.current.cancel();
      vi.advanceTimersByTime(100);
    });
    expect(fn).not.toHaveBeenCalled();
    act(() => result.current('b'));
    unmount();
    vi.advanceTimersByTime(100);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('useDebouncedValue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the first value at once and a new one only after it has stood still for the delay', () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 200), { initialProps: { v: 'o' } });
    expect(result.current).toBe('o');
    rerender({ v: 'op' });
    act(() => {
      vi.advanceTimersByTime(150);
    });
    rerender({ v: 'op0' });
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(result.current).toBe('o');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('op0');
  });

  it('drops a pending value when the input returns to the settled one', () => {
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, 200), { initialProps: { v: 'a' } });
    rerender({ v: 'ab' });
    rerender({ v: 'a' });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe('a');
  });
});
