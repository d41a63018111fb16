import type { DeckRow } from '@grandline/core/contracts/decks';
import { groupDeck, type DeckGrouping } from '@grandline/core/decks/stats';
import { cardPath } from '@grandline/core/slug';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '@/components/card/card-image';
import { CardPreview } from '@/components/card/card-preview';
import { cn } from '@/lib/cn';
import { DeckGroupHeading, QuantityStepper } from './deck-rows';

/** Copies drawn as layers behind a stack (a fourth copy reads as well as a third). */
const MAX_LAYERS = 3;

/**
 * The main deck as card images: a stack per print with its count, grouped as the list is (category, type, cost or
 * rarity); with steppers under each stack when editable.
 */
export function DeckVisual({
  rows,
  grouping,
  groupLabel,
  onQuantity,
  tooMany,
}: {
  rows: readonly DeckRow[];
  grouping: DeckGrouping;
  groupLabel: (key: string) => string;
  onQuantity?: (cardId: number, quantity: number) => void;
  tooMany?: ReadonlySet<string>;
}) {
  const { t } = useTranslation('decks');
  const groups = groupDeck(rows, grouping);
  return (
    <div className="flex flex-col gap-5" data-testid="deck-visual">
      {groups.map((g) => (
        <section key={g.key} aria-label={`${groupLabel(g.key)} (${g.count})`}>
          <DeckGroupHeading label={groupLabel(g.key)} count={g.count} className="mb-2" />
          <ul className="grid grid-cols-3 gap-x-3 gap-y-4 sm:grid-cols-4 lg:grid-cols-6">
            {g.rows.map(({ card, quantity }) => {
              const layers = Math.min(quantity, MAX_LAYERS) - 1;
              const over = tooMany?.has(card.cardNumber);
              return (
                <li key={card.id} className="flex flex-col gap-1.5" data-testid="deck-stack" data-card-number={card.cardNumber}>
                  {/* Room at the top right for the layers under the card: nothing moves when a copy is added. */}
                  <div className="relative mr-2 mt-2">
                    {Array.from({ length: layers }, (_, i) => (
                      <span
                        key={i}
                        aria-hidden
                        className="absolute inset-0 rounded-[4.5%] border border-border bg-surface-2 shadow-sm"
                        style={{ transform: `translate(${(layers - i) * 4}px, ${-(layers - i) * 4}px)` }}
                      />
                    ))}
                    <CardPreview card={card}>
                      <Link to={cardPath(card)} className="relative block rounded-[4.5%] outline-offset-2" aria-label={t('visual.open', { name: card.name, number: card.cardNumber, count: quantity })}>
                        <CardImage card={card} className="shadow-md" />
                      </Link>
                    </CardPreview>
                    <span
                      className={cn(
                        'pointer-events-none absolute bottom-1.5 left-1.5 rounded-md px-1.5 py-0.5 text-xs font-bold tabular-nums shadow',
                        over ? 'bg-danger text-white' : 'bg-black/80 text-white',
                      )}
                      aria-hidden
                      data-testid="deck-stack-count"
                    >
                      ×{quantity}
                    </span>
                  </div>
                  {onQuantity && <QuantityStepper boxed name={card.name} quantity={quantity} onChange={(q) => onQuantity(card.id, q)} />}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
