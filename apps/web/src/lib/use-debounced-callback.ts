import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';

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
