import type { Card } from '@grandline/core/contracts/cards';
import { cardPath } from '@grandline/core/slug';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PriceSummary } from '@grandline/core/contracts/prices';
import { ColorDots } from '@/components/card/color-dots';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { PriceLine } from '@/cards/components/card-grid';
import type { PriceParams } from '@/lib/price-params';
import { formatOptional } from '@/lib/format';
import { rarityCode, rarityName } from '@/components/card/rarity';
import { productCode } from '@grandline/core/set-code';

type ListCard = Card & { printCount?: number };

/** The library as a table; `action` puts a button per card in a first column (quick-add mode). */
export function CardListTable({
  cards,
  action,
  actionHeader,
  prices,
  priceParams,
}: {
  cards: ListCard[];
  action?: (card: Card) => ReactNode;
  actionHeader?: ReactNode;
  prices?: Record<string, PriceSummary>;
  priceParams?: PriceParams;
}) {
  const { t } = useTranslation('cards');
  const columns: (DataTableColumn<ListCard> | false | undefined)[] = [
    action && { id: 'action', header: <span className="sr-only">{actionHeader}</span>, headerClassName: 'w-px', cellClassName: 'py-1.5!', cell: (card) => action(card) },
    { id: 'number', header: t('fields.number'), cellClassName: 'whitespace-nowrap font-mono text-xs', cell: (card) => card.cardNumber },
    {
      id: 'name',
      header: t('fields.name'),
      cell: (card) => (
        <>
          <Link to={cardPath(card)} className="font-medium hover:underline" data-testid="card-row-link">
            {card.name}
          </Link>
          {card.isVariation && <span className="ml-2 text-xs text-muted">{t('variant')}</span>}
          {card.printCount !== undefined && card.printCount > 1 && (
            <span className="ml-2 whitespace-nowrap text-xs text-muted" data-testid="print-count">
              {t('printCount', { count: card.printCount })}
            </span>
          )}
        </>
      ),
    },
    priceParams && {
      id: 'price',
      header: t('fields.price'),
      numeric: true,
      cellClassName: 'font-medium',
      cellProps: () => ({ 'data-testid': 'card-price' }),
      cell: (card) => <PriceLine prices={prices} cardId={card.id} params={priceParams} />,
    },
    { id: 'type', header: t('fields.type'), cell: (card) => t(`types.${card.cardType}`) },
    { id: 'color', header: t('fields.color'), cell: (card) => <ColorDots colors={card.colors} /> },
    { id: 'cost', header: t('fields.cost'), numeric: true, cell: (card) => (card.cardType === 'Leader' ? formatOptional(card.life) : formatOptional(card.cost)) },
    { id: 'power', header: t('fields.power'), numeric: true, cell: (card) => formatOptional(card.power) },
    { id: 'counter', header: t('fields.counter'), numeric: true, cell: (card) => formatOptional(card.counter) },
    { id: 'rarity', header: t('fields.rarity'), cellProps: (card) => ({ title: rarityName(card.rarity) }), cell: (card) => rarityCode(card.rarity) },
    {
      id: 'set',
      header: t('fields.set'),
      cellClassName: 'max-w-[12rem] truncate text-muted',
      cellProps: (card) => ({ title: card.set?.name }),
      cell: (card) => (card.set?.code ? productCode(card.set.code) : (card.set?.name ?? '—')),
    },
  ];
  return (
    <DataTable
      tableClassName="min-w-[44rem]"
      columns={columns}
      rows={cards}
      rowKey={(card) => card.id}
      rowProps={() => ({ className: 'hover:bg-surface-2/60' })}
      phone="scroll"
    />
  );
}
