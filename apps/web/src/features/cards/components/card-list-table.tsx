import type { Card } from '@grandline/core/contracts/cards';
import { cardPath } from '@grandline/core/slug';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PriceSummary } from '@grandline/core/contracts/prices';
import { ColorDots } from '@/components/card/color-dots';
import { PriceLine } from '@/cards/components/card-grid';
import type { PriceParams } from '@/lib/price-params';
import { formatOptional } from '@/lib/format';
import { rarityCode, rarityName } from '@/components/card/rarity';
import { productCode } from '@grandline/core/set-code';

/** The library as a table; `action` puts a button per card in a first column (quick-add mode). */
export function CardListTable({
  cards,
  action,
  actionHeader,
  prices,
  priceParams,
}: {
  cards: (Card & { printCount?: number })[];
  action?: (card: Card) => ReactNode;
  actionHeader?: ReactNode;
  prices?: Record<string, PriceSummary>;
  priceParams?: PriceParams;
}) {
  const { t } = useTranslation('cards');
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            {action && (
              <th scope="col" className="w-px px-3 py-2.5">
                <span className="sr-only">{actionHeader}</span>
              </th>
            )}
            <th scope="col" className="px-3 py-2.5">{t('fields.number')}</th>
            <th scope="col" className="px-3 py-2.5">{t('fields.name')}</th>
            {priceParams && <th scope="col" className="px-3 py-2.5 text-right">{t('fields.price')}</th>}
            <th scope="col" className="px-3 py-2.5">{t('fields.type')}</th>
            <th scope="col" className="px-3 py-2.5">{t('fields.color')}</th>
            <th scope="col" className="px-3 py-2.5 text-right">{t('fields.cost')}</th>
            <th scope="col" className="px-3 py-2.5 text-right">{t('fields.power')}</th>
            <th scope="col" className="px-3 py-2.5 text-right">{t('fields.counter')}</th>
            <th scope="col" className="px-3 py-2.5">{t('fields.rarity')}</th>
            <th scope="col" className="px-3 py-2.5">{t('fields.set')}</th>
          </tr>
        </thead>
        <tbody>
          {cards.map((card) => (
            <tr key={card.id} className="border-t border-border hover:bg-surface-2/60">
              {action && <td className="px-3 py-1.5">{action(card)}</td>}
              <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{card.cardNumber}</td>
              <td className="px-3 py-2">
                <Link to={cardPath(card)} className="font-medium hover:underline" data-testid="card-row-link">
                  {card.name}
                </Link>
                {card.isVariation && <span className="ml-2 text-xs text-muted">{t('variant')}</span>}
                {card.printCount !== undefined && card.printCount > 1 && (
                  <span className="ml-2 whitespace-nowrap text-xs text-muted" data-testid="print-count">
                    {t('printCount', { count: card.printCount })}
                  </span>
                )}
              </td>
              {priceParams && (
                <td className="whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums" data-testid="card-price">
                  <PriceLine prices={prices} cardId={card.id} params={priceParams} />
                </td>
              )}
              <td className="px-3 py-2">{t(`types.${card.cardType}`)}</td>
              <td className="px-3 py-2">
                <ColorDots colors={card.colors} />
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{card.cardType === 'Leader' ? formatOptional(card.life) : formatOptional(card.cost)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatOptional(card.power)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatOptional(card.counter)}</td>
              <td className="px-3 py-2" title={rarityName(card.rarity)}>{rarityCode(card.rarity)}</td>
              <td className="max-w-[12rem] truncate px-3 py-2 text-muted" title={card.set?.name}>
                {card.set?.code ? productCode(card.set.code) : (card.set?.name ?? '—')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
