import type { Card } from '@grandline/core/contracts/cards';
import { Minus, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { CardSearchPanel } from '@/cards/components/card-search-panel';
import { binderChanged, bindersApi } from '@/features/binders/api/binders-api';

type Pick = { card: Card; quantity: number };

/** Bulk add from the library: pick cards (a click adds a copy), adjust the copies, then add them all in one call. Rendered only while open. */
export function AddCardsDialog({ open, onOpenChange, binderId }: { open: boolean; onOpenChange: (o: boolean) => void; binderId: string }) {
  const { t } = useTranslation('binders');
  const [picks, setPicks] = useState<Map<number, Pick>>(new Map());
  const [busy, setBusy] = useState(false);
  const total = [...picks.values()].reduce((n, p) => n + p.quantity, 0);
  const change = (card: Card, delta: number) =>
    setPicks((prev) => {
      const next = new Map(prev);
      const quantity = (next.get(card.id)?.quantity ?? 0) + delta;
      if (quantity <= 0) next.delete(card.id);
      else next.set(card.id, { card, quantity: Math.min(quantity, 9999) });
      return next;
    });
  const add = async () => {
    setBusy(true);
    try {
      await bindersApi.addCards(
        binderId,
        [...picks.values()].map((p) => ({ cardId: p.card.id, quantity: p.quantity })),
      );
      binderChanged(binderId);
      notify.success(t('add.done', { count: total }));
      onOpenChange(false);
    } catch (err) {
      notify.failure(err, errorText(err, 'binders:toasts.updateFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('add.title')}
      description={t('add.lead')}
      closeLabel={t('actions.close')}
      size="xl"
      testId="add-cards-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={() => void add()} disabled={busy || total === 0} data-testid="add-cards-confirm">
            {busy && <Spinner className="h-4 w-4" label={t('add.confirm', { count: total })} />}
            {t('add.confirm', { count: total })}
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[1fr_18rem]">
        <CardSearchPanel hideHeading leaderColors={[]} countOf={(card) => picks.get(card.id)?.quantity ?? 0} onAdd={(card) => change(card, 1)} />
        <section aria-labelledby="add-picks-title" className="flex flex-col gap-2 lg:border-l lg:border-border lg:pl-5">
          <h3 id="add-picks-title" className="text-sm font-semibold">
            {t('add.selected', { count: total })}
          </h3>
          {picks.size === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-muted">{t('add.none')}</p>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="add-picks">
              {[...picks.values()].map(({ card, quantity }) => (
                <li key={card.id} className="flex items-center gap-2">
                  <div className="w-9 shrink-0">
                    <CardImage card={card} sizes="36px" />
                  </div>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{card.name}</p>
                    <p className="font-mono text-xs text-muted">
                      {card.cardNumber}
                      {card.variant ? ` · ${card.variant}` : ''}
                    </p>
                  </div>
                  <div className="flex items-center gap-1">
                    <Button variant="ghost" size="icon" className="h-7 w-7" onClick={() => change(card, -1)} aria-label={t('cards.decrease', { name: card.name })}>
                      {quantity === 1 ? <X className="h-3.5 w-3.5" aria-hidden /> : <Minus className="h-3.5 w-3.5" aria-hidden />}
                    </Button>
                    <span className="w-6 text-center text-sm tabular-nums">{formatNumber(quantity)}</span>
                    <Button variant="ghost" size="icon" className="h-7 w-7" onClick={() => change(card, 1)} aria-label={t('cards.increase', { name: card.name })}>
                      <Plus className="h-3.5 w-3.5" aria-hidden />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </Modal>
  );
}
