import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';

export interface DebouncedCallback<A extends unknown[]> {
  (...args: A): void;
  /** Drops the call that is waiting (e.g. when the value is applied at once by Enter). */
  cancel: () => void;
}

/**
 * `fn`, called `ms` after the last of a run of calls (with that call's arguments), the latest `fn` the component
 * rendered. The waiting call is dropped when the component unmounts.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms: number): DebouncedCallback<A> {
  const latest = useRef(fn);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(() => {
    const call: DebouncedCallback<A> = (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), ms);
    };
    call.cancel = () => clearTimeout(timer.current);
    return call;
  }, [ms]);
}

/**
 * `value` as it was `ms` after its last change (the first render gets it at once). Search boxes use it instead of
 * `useDeferredValue`: a deferred render is restarted by every other update and, on a busy device, may not show the
 * new results for many seconds; a debounced value is rendered like any other state.
 */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return undefined;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}
