import type { Card } from '@grandline/core/contracts/cards';
import { Bell, BellRing } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useWatches } from '@/features/watches/api/watches-api';

const WatchDialog = lazy(() => import('./watch-dialog').then((m) => ({ default: m.WatchDialog })));

const VARIANTS = {
  /**
   * Over a library tile's top right corner: on screens with a pointer it shows while the tile is hovered or the
   * button has the keyboard focus (a row of 48 bells would hide the art); on touch screens it always shows.
   */
  tile: 'h-8 w-8 justify-center rounded-full bg-black/65 text-white shadow-md ring-1 ring-white/20 hover:bg-black/80 [@media(hover:hover)]:opacity-0 [@media(hover:hover)]:in-[.card-tile:hover]:opacity-100 focus-visible:opacity-100',
  /** In the list view's first column. */
  row: 'h-8 w-8 justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg',
} as const;

/** "Add to watchlist" for one card of the library: opens the price alert dialog for it. */
export function WatchTileButton({ card, variant }: { card: Card; variant: keyof typeof VARIANTS }) {
  const { t } = useTranslation('cards');
  const watches = useWatches();
  const [open, setOpen] = useState(false);
  const watched = watches.data?.items.some((w) => w.card.id === card.id) ?? false;
  const Icon = watched ? BellRing : Bell;
  const label = t('watch.add', { name: card.name });
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        className={cn('inline-flex cursor-pointer items-center transition-opacity', VARIANTS[variant], watched && 'opacity-100 [@media(hover:hover)]:opacity-100')}
        data-testid="watch-tile"
      >
        <Icon className={cn('h-4 w-4', watched && variant === 'row' && 'text-accent')} aria-hidden />
      </button>
      {open && (
        <Suspense fallback={null}>
          <WatchDialog card={card} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
