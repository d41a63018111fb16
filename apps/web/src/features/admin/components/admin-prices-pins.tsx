import type { PricePin } from '@grandline/core/contracts/prices';
import { ArrowRight, CornerDownRight, Pin, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/query-states';
import { notify } from '@/lib/toast';
import { usePricePins } from '@/features/admin/api/get-price-pins';
import { useDeletePricePin } from '@/features/admin/api/delete-price-pin';
import { printLabel } from './admin-prices-pin-dialog';
import { PriceSection, priceErrorText, sourceName, useDateFormats } from './admin-prices-shared';

/** The pins, newest first: product → print, who and when, and "Remove". */
export function AdminPricePins() {
  const { t, i18n } = useTranslation(['admin', 'pages', 'account']);
  const pins = usePricePins();
  const remove = useDeletePricePin();
  const formats = useDateFormats();
  const [removing, setRemoving] = useState<PricePin | null>(null);
  const productName = (pin: PricePin) => pin.product?.name ?? `#${pin.productId}`;
  const cardName = (pin: PricePin) => `${pin.card.name} (${printLabel(pin.card)})`;

  return (
    <PriceSection id="admin-price-pins" title={t('admin.prices.pins.title')} lead={t('admin.prices.pins.lead')} testId="admin-price-pins">
      {pins.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : pins.isError ? (
        <ErrorState title={t('admin.prices.pins.loadFailed')} onRetry={() => void pins.refetch()} />
      ) : pins.data.length === 0 ? (
        <EmptyState icon={<Pin className="h-10 w-10" aria-hidden />} title={t('admin.prices.pins.empty')}>
          {t('admin.prices.pins.emptyHint')}
        </EmptyState>
      ) : (
        <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface" data-testid="pin-list">
          {pins.data.map((pin) => (
            <li key={`${pin.source}:${pin.productId}`} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="pin-row">
              <div className="flex min-w-0 flex-1 flex-col gap-1 lg:flex-row lg:items-center lg:gap-3">
                <div className="min-w-0 lg:w-2/5">
                  <div className="truncate font-medium">{productName(pin)}</div>
                  <div className="truncate text-xs text-muted">
                    {sourceName(t, pin.source)} · <span className="font-mono">#{pin.productId}</span>
                    {!pin.product && ` · ${t('admin.prices.pins.notListed')}`}
                  </div>
                </div>
                <ArrowRight className="hidden h-4 w-4 shrink-0 text-muted lg:block" aria-label={t('admin.prices.pins.pinnedTo')} />
                <div className="min-w-0 flex-1">
                  <div className="flex items-center gap-1 text-xs text-muted lg:hidden">
                    <CornerDownRight className="h-3.5 w-3.5" aria-hidden />
                    {t('admin.prices.pins.pinnedTo')}
                  </div>
                  <div className="truncate">{pin.card.name}</div>
                  <div className="truncate font-mono text-xs text-muted">{printLabel(pin.card)}</div>
                </div>
                <div className="text-xs text-muted lg:w-48 lg:text-right">
                  {t('admin.prices.pins.by', { who: pin.createdBy ?? t('admin.prices.pins.someone'), date: formats.dateTime(pin.createdAt) })}
                </div>
              </div>
              <Button variant="danger" size="sm" className="self-start sm:self-center" onClick={() => setRemoving(pin)} aria-label={t('admin.prices.pins.removeFor', { product: productName(pin) })} data-testid="pin-remove">
                <Trash2 className="h-3.5 w-3.5" aria-hidden />
                {t('admin.prices.pins.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRemoving(null)}
          title={t('admin.prices.pins.removeTitle')}
          text={t('admin.prices.pins.removeText', { product: productName(removing), card: cardName(removing), source: sourceName(t, removing.source) })}
          confirmLabel={t('admin.prices.pins.remove')}
          cancelLabel={t('actions.cancel', { ns: 'common' })}
          onConfirm={async () => {
            try {
              await remove.mutateAsync({ source: removing.source, productId: removing.productId });
              notify.success(t('admin.prices.pins.removed', { source: sourceName(t, removing.source) }));
            } catch (err) {
              notify.error(priceErrorText(t, (key) => i18n.exists(key, { ns: 'admin' }), err));
              throw err;
            }
          }}
        />
      )}
    </PriceSection>
  );
}
