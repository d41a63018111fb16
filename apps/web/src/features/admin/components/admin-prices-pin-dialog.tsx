import { useDebouncedValue } from '@/lib/use-debounced-callback';
import type { Card } from '@grandline/core/contracts/cards';
import type { UnmatchedProduct } from '@grandline/core/contracts/prices';
import { SearchX } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Modal } from '@/components/ui/modal';
import { ErrorState } from '@/components/ui/query-states';
import { SearchInput } from '@/components/ui/search-input';
import { choiceCard } from '@/components/ui/styles';
import { notify } from '@/lib/toast';
import { useCards } from '@/cards/api/get-cards';
import { useCreatePricePin } from '@/features/admin/api/create-price-pin';
import { priceErrorText, sourceName } from './admin-prices-shared';
import { rarityCode } from '@/components/card/rarity';

const RESULTS = 24;

/** "OP17-002 p1 · OP-17": how a print is told apart from the others of its number. */
export const printLabel = (card: Pick<Card, 'cardNumber' | 'variant'> & { setCode?: string | null }) =>
  [card.variant ? `${card.cardNumber} ${card.variant}` : card.cardNumber, card.setCode].filter(Boolean).join(' · ');

/**
 * Pin one product to a print: the card library searched (prefilled with the product's number), one print picked,
 * confirmed. Rendered only while open, so each opening starts afresh.
 */
export function PinDialog({ product, onClose }: { product: UnmatchedProduct; onClose: () => void }) {
  const { t, i18n } = useTranslation(['admin', 'pages', 'account']);
  const [q, setQ] = useState(product.number ?? product.name);
  const search = useDebouncedValue(q.trim(), 200);
  const cards = useCards({ q: search || undefined, page: 1, pageSize: RESULTS, sort: search ? 'relevance' : 'number', prints: 'all' });
  const [picked, setPicked] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const pin = useCreatePricePin();
  const source = sourceName(t, product.source);
  const chosen = cards.data?.items.find((c) => String(c.id) === picked);

  const confirm = () => {
    if (!chosen) return;
    setError(null);
    pin.mutate(
      { source: product.source, productId: product.productId, cardId: chosen.id },
      {
        onSuccess: () => {
          notify.success(t('admin.prices.pin.pinned', { product: product.name, card: `${chosen.name} (${printLabel({ ...chosen, setCode: chosen.set?.code })})`, source }));
          onClose();
        },
        onError: (err) => setError(priceErrorText(t, (key) => i18n.exists(key, { ns: 'admin' }), err)),
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.prices.pin.title')}
      description={[product.name, product.number, product.setName].filter(Boolean).join(' · ')}
      closeLabel={t('actions.close', { ns: 'common' })}
      size="lg"
      testId="pin-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('actions.cancel', { ns: 'common' })}
          </Button>
          <Button onClick={confirm} disabled={!chosen || pin.isPending} data-testid="pin-confirm">
            {t('admin.prices.pin.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <FormMessage tone="info">{t('admin.prices.pin.nextRun', { source })}</FormMessage>
        <SearchInput
          label={t('admin.prices.pin.search')}
          placeholder={t('admin.prices.pin.searchPlaceholder')}
          value={q}
          maxLength={100}
          onChange={(e) => {
            setQ(e.target.value);
            setPicked('');
          }}
        />
        {cards.isPending ? (
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
        ) : cards.isError ? (
          <ErrorState title={t('admin.prices.pin.searchFailed')} onRetry={() => void cards.refetch()} />
        ) : cards.data.items.length === 0 ? (
          <EmptyState icon={<SearchX className="h-8 w-8" aria-hidden />} title={t('admin.prices.pin.noResults', { q: search })} />
        ) : (
          <RadioGroup.Root value={picked} onValueChange={setPicked} aria-label={t('admin.prices.pin.results')} className="grid grid-cols-1 gap-2 sm:grid-cols-2" data-testid="pin-results">
            {cards.data.items.map((card) => (
              <RadioGroup.Item key={card.id} value={String(card.id)} className={`${choiceCard} flex w-full items-center gap-3 p-2`} data-testid="pin-print">
                <span className="block w-11 shrink-0">
                  <CardImage card={card} sizes="44px" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{card.name}</span>
                  <span className="block truncate font-mono text-xs text-muted">{printLabel({ ...card, setCode: card.set?.code })}</span>
                  <span className="block text-xs text-muted">
                    {card.variant ? t('admin.prices.pin.variant', { variant: card.variant }) : t('admin.prices.pin.base')} · {rarityCode(card.rarity)}
                  </span>
                </span>
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        )}
        {cards.data && cards.data.total > RESULTS && <p className="text-xs text-muted">{t('admin.prices.pin.narrow', { shown: RESULTS, total: cards.data.total })}</p>}
        {error && <FormMessage>{error}</FormMessage>}
      </div>
    </Modal>
  );
}
