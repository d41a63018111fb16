import type { Card } from '@grandline/core/contracts/cards';
import { Layers } from 'lucide-react';
import { cardPath } from '@grandline/core/slug';
import { cardT as t } from './card-t';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { CardImage } from './card-image';
import { ColorDots } from './color-dots';
import { rarityCode, rarityName } from './rarity';

/** A card of a grid, linking to its page; `action` (a button) sits over the image's top right corner. */
export function CardTile({ card, eager, action, price }: { card: Card & { printCount?: number }; eager?: boolean; action?: ReactNode; /** The card's price line (library); omitted: no line. */ price?: ReactNode }) {
  return (
    <li className={action ? 'card-tile relative' : 'card-tile'}>
      <Link
        to={cardPath(card)}
        className="group flex h-full flex-col gap-2 rounded-xl p-1.5 transition-colors hover:bg-surface-2"
        data-testid="card-tile"
      >
        <span className="relative block">
          <CardImage card={card} eager={eager} className="shadow-md transition-transform group-hover:-translate-y-0.5" />
          {card.printCount !== undefined && card.printCount > 1 && (
            // One row per card number: how many prints it stands for (the card page lists them).
            <span
              className="absolute bottom-1.5 right-1.5 inline-flex items-center gap-1 rounded-md bg-black/75 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums"
              title={t('printCount', { count: card.printCount })}
              data-testid="print-count"
            >
              <Layers className="h-3 w-3" aria-hidden />
              <span aria-hidden>{card.printCount}</span>
              <span className="sr-only">{t('printCount', { count: card.printCount })}</span>
            </span>
          )}
        </span>
        <div className="flex min-w-0 flex-col gap-1 px-0.5">
          <span className="truncate text-sm font-semibold" title={card.name}>
            {card.name}
          </span>
          <span className="flex items-center gap-2 whitespace-nowrap text-xs text-muted">
            <span className="min-w-0 truncate font-mono">{card.cardNumber}</span>
            <ColorDots colors={card.colors} />
            <span className="flex-1" />
            {card.isVariation && (
              <span title={t('variant')}>
                <Badge className="border-accent/50 px-1 py-0 text-[0.625rem] uppercase">
                  <span aria-hidden>{card.variant ?? '★'}</span>
                  <span className="sr-only">{t('variant')}</span>
                </Badge>
              </span>
            )}
            {/* Never cut: "SP CARD" read "S…" when it was. */}
            <span className="shrink-0 font-medium" title={rarityName(card.rarity)}>
              {rarityCode(card.rarity)}
            </span>
          </span>
          {price !== undefined && <span className="truncate text-sm font-semibold tabular-nums" data-testid="card-price">{price}</span>}
        </div>
      </Link>
      {action && <div className="absolute right-3 top-3 z-10">{action}</div>}
    </li>
  );
}
