import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roveFocus } from '@/components/ui/roving';
import { tabList, tabTrigger } from '@/components/ui/styles';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';

type Pane = 'deck' | 'search';
const PANES: readonly Pane[] = ['deck', 'search'];
/** The app header's height (app/layout/header.tsx: h-16) and a little air under the sticky switch. */
const HEADER_PX = 64;
const GAP_PX = 8;

/** The deck's card count on its tab: it bumps when a card is added from the other pane, so the change is seen there. */
function CountBadge({ count }: { count: number }) {
  const [seen, setSeen] = useState(count);
  const [bumps, setBumps] = useState(0);
  if (count !== seen) {
    setSeen(count);
    if (count > seen) setBumps((b) => b + 1);
  }
  return (
    <span
      key={bumps}
      className={cn('inline-flex min-w-6 justify-center rounded-full bg-accent/15 px-1.5 text-xs font-semibold tabular-nums text-fg', bumps > 0 && 'animate-bump')}
      data-testid="editor-deck-count"
    >
      {formatNumber(count)}
    </span>
  );
}

/**
 * The editor's two halves: side by side from `lg`; below it, one at a time behind a sticky Deck / Add cards switch
 * (WAI-ARIA tabs, arrows, Home and End). Both stay mounted (the hidden one with display: none), so the search text,
 * filters and page survive a switch; each pane comes back at the scroll position it was left at.
 */
export function EditorPanes({ count, added, search, deck }: { count: number; added: string | null; search: ReactNode; deck: ReactNode }) {
  const { t } = useTranslation('decks');
  const base = useId();
  const [pane, setPane] = useState<Pane>('deck');
  // Tab semantics only where the switch is shown; side by side the halves are plain regions.
  const wide = useMediaQuery('(min-width: 1024px)');
  const grid = useRef<HTMLDivElement>(null);
  const scrolls = useRef<Record<Pane, number | null>>({ deck: null, search: null });
  const restore = useRef<number | null>(null);

  const choose = (next: Pane) => {
    if (next === pane) return;
    scrolls.current[pane] = window.scrollY;
    // A pane seen before comes back where it was left; the first time, at its top (just under the switch).
    const top = grid.current ? grid.current.getBoundingClientRect().top + window.scrollY - HEADER_PX - GAP_PX : 0;
    restore.current = scrolls.current[next] ?? Math.min(window.scrollY, Math.max(0, top));
    setPane(next);
  };
  useLayoutEffect(() => {
    if (restore.current === null) return;
    window.scrollTo({ top: restore.current });
    restore.current = null;
  }, [pane]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = roveFocus(event, '[role="tab"]', 'row');
    if (to?.dataset.pane) choose(to.dataset.pane as Pane);
  };
  const tabId = (p: Pane) => `${base}-tab-${p}`;
  const panelId = (p: Pane) => `${base}-panel-${p}`;
  const panel = (p: Pane) => (wide ? { id: panelId(p) } : { id: panelId(p), role: 'tabpanel', 'aria-labelledby': tabId(p) });

  return (
    <div ref={grid} className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-6">
      <div className="sticky top-16 z-20 -mx-1 bg-bg px-1 py-2 lg:hidden">
        <div role="tablist" aria-label={t('editor.panes.label')} onKeyDown={onKeyDown} className={`${tabList} max-lg:grid max-lg:w-full max-lg:grid-cols-2`}>
          {PANES.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              id={tabId(p)}
              aria-selected={pane === p}
              aria-controls={panelId(p)}
              tabIndex={pane === p ? 0 : -1}
              data-state={pane === p ? 'active' : 'inactive'}
              data-pane={p}
              data-testid={`editor-pane-${p}`}
              onClick={() => choose(p)}
              className={cn(tabTrigger, 'inline-flex items-center justify-center gap-2')}
            >
              {t(`editor.panes.${p}`)}
              {p === 'deck' && <CountBadge count={count} />}
            </button>
          ))}
        </div>
      </div>
      {/* Said after each card added from the search, whichever pane is shown. */}
      <p className="sr-only" aria-live="polite" data-testid="editor-added">
        {added && t('editor.panes.added', { name: added, count })}
      </p>
      <div
        {...panel('search')}
        className={cn(
          'min-w-0 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto lg:pr-2',
          pane !== 'search' && 'max-lg:hidden',
        )}
      >
        {search}
      </div>
      <div {...panel('deck')} className={cn('flex min-w-0 flex-col gap-4', pane !== 'deck' && 'max-lg:hidden')}>
        {deck}
      </div>
    </div>
  );
}
