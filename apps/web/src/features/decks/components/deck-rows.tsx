import type { DeckRow } from '@grandline/core/contracts/decks';
import { cardPath } from '@grandline/core/slug';
import { Minus, Plus } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardPreview } from '@/components/card/card-preview';
import { ColorDots } from '@/components/card/color-dots';
import { groupDeck, type DeckGrouping } from '@grandline/core/decks/stats';
import { formatCents } from '@grandline/core/money/money';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { usePreferences } from '@/lib/preferences';
import { rarityName } from '@/components/card/rarity';

function UnitPrice({ cents, currency, label, none }: { cents: number | null | undefined; currency: CurrencyCode; label: string; none: string }) {
  // Still loading (undefined): the column is kept empty, so the rows do not move when the prices arrive.
  if (cents === undefined) return <span className="w-20 shrink-0" aria-hidden />;
  return (
    <span className="w-20 shrink-0 text-right text-xs tabular-nums text-muted" title={cents === null ? none : label} data-testid="deck-row-price">
      {cents === null ? '—' : formatCents(cents, currency)}
    </span>
  );
}

/** One copy less or more of a print in the deck: in the list (compact) and under a stack of the visual deck (boxed). */
export function QuantityStepper({ name, quantity, onChange, boxed = false }: { name: string; quantity: number; onChange: (quantity: number) => void; boxed?: boolean }) {
  const { t } = useTranslation('decks');
  const button = `inline-flex cursor-pointer items-center justify-center rounded-md hover:bg-surface-2 ${boxed ? 'h-8 w-8 border border-border' : 'h-7 w-7'}`;
  return (
    <span className={`flex items-center ${boxed ? 'justify-center gap-1' : 'gap-0.5'}`}>
      <button type="button" onClick={() => onChange(quantity - 1)} aria-label={t('editor.removeOne', { name })} className={button}>
        <Minus className="h-3.5 w-3.5" aria-hidden />
      </button>
      <button type="button" onClick={() => onChange(quantity + 1)} aria-label={t('editor.addOne', { name })} className={button}>
        <Plus className="h-3.5 w-3.5" aria-hidden />
      </button>
    </span>
  );
}

/** A group's heading in the deck list and the visual deck: its name and how many cards it holds. */
export function DeckGroupHeading({ label, count, className = 'mb-1' }: { label: string; count: number; className?: string }) {
  return (
    <h4 className={`${className} flex items-center justify-between text-xs font-semibold uppercase tracking-wide text-muted`}>
      <span>{label}</span>
      <span className="tabular-nums">{count}</span>
    </h4>
  );
}

/** A group's label in the deck list and the visual deck. */
export const deckGroupLabel = (t: TFunction<'decks'>, grouping: DeckGrouping) => (key: string) =>
  grouping === 'category' ? t(`types.${key}`) : grouping === 'cost' ? t('groups.cost', { cost: key }) : grouping === 'rarity' ? rarityName(key) : key || t('groups.none');

/** The main deck grouped by category, type, cost or rarity; with steppers when editable. */
export function DeckRows({
  rows,
  grouping,
  onQuantity,
  tooMany,
  unitPrice,
}: {
  rows: readonly DeckRow[];
  /** A print's unit price in the user's currency (hundredths), null when it has none, undefined while prices load. */
  unitPrice?: (cardId: number) => number | null | undefined;
  grouping: DeckGrouping;
  onQuantity?: (cardId: number, quantity: number) => void;
  /** Card numbers over the copy limit, highlighted. */
  tooMany?: ReadonlySet<string>;
}) {
  const { t } = useTranslation('decks');
  const { currency } = usePreferences();
  if (rows.length === 0) return <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-sm text-muted">{t('editor.emptyDeck')}</p>;
  const groups = groupDeck(rows, grouping);
  const label = deckGroupLabel(t, grouping);
  return (
    <div className="flex flex-col gap-4" data-testid="deck-rows">
      {groups.map((g) => (
        <section key={g.key} aria-label={`${label(g.key)} (${g.count})`}>
          <DeckGroupHeading label={label(g.key)} count={g.count} />
          <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
            {g.rows.map(({ card, quantity }) => (
              <li key={card.id} className="flex items-center gap-2 px-3 py-1.5 text-sm" data-testid="deck-row" data-card-number={card.cardNumber}>
                <span className={`w-7 shrink-0 text-right font-mono font-semibold tabular-nums ${tooMany?.has(card.cardNumber) ? 'text-danger' : ''}`}>{quantity}×</span>
                <span className="w-6 shrink-0 text-center text-xs text-muted" title={t('stats.cost')}>
                  {card.cost ?? '–'}
                </span>
                <CardPreview card={card}>
                  {/* Up to two lines: a phone's row leaves the name ~100 px beside the price and the steppers ("Building S…"). */}
                  <Link to={cardPath(card)} className="line-clamp-2 min-w-0 flex-1 leading-snug [overflow-wrap:anywhere] hover:underline" title={card.name}>
                    {card.name}
                  </Link>
                </CardPreview>
                {/* A wrapper: ColorDots is inline-flex, and a "hidden" beside it would not win (cn does not merge). */}
                <span className="hidden sm:inline-flex">
                  <ColorDots colors={card.colors} />
                </span>
                <span className="hidden font-mono text-xs text-muted sm:inline">
                  {card.cardNumber}
                  {card.variant ? ` · ${card.variant}` : ''}
                </span>
                {unitPrice && <UnitPrice cents={unitPrice(card.id)} currency={currency} label={t('value.unit')} none={t('value.none')} />}
                {onQuantity && <QuantityStepper name={card.name} quantity={quantity} onChange={(q) => onQuantity(card.id, q)} />}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
