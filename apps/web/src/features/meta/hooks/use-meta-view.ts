import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { metaParamsOf, metaQueryOf, metaViewFromParams, todayUtc, type MetaView } from '@/features/meta/meta-view';

/** The page's window and format from its address, what the API is asked for them, and a setter that writes the address. */
export function useMetaView() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const view = useMemo(() => metaViewFromParams(new URLSearchParams(key)), [key]);
  const query = useMemo(() => metaQueryOf(view, todayUtc()), [view]);
  const setView = (next: MetaView) => setParams((now) => metaParamsOf(next, now), { preventScrollReset: true });
  return { view, query, setView, params, setParams };
}
