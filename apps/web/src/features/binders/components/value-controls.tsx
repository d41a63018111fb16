import { MARKETPLACES, PRICE_TYPES, type MarketplaceId, type PriceType } from '@grandline/core/marketplaces';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CurrencyFlag } from '@/components/ui/currency-flag';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { usePreferences } from '@/lib/preferences';

/** Market and price type of the values (remembered as the collection price settings), and "Refresh prices". */
export function ValueControls({ onRefresh, refreshing }: { onRefresh: () => void; refreshing: boolean }) {
  const { t } = useTranslation(['binders', 'common']);
  const prefs = usePreferences();
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-2 sm:flex" data-testid="value-controls">
      <Select
        compact
        label={t('value.market')}
        value={prefs.marketplace}
        onValueChange={(v) => prefs.setPreference('marketplace', v as MarketplaceId)}
        options={MARKETPLACES.map((m) => ({ value: m.id, label: `${m.name} (${t(`common:regions.${m.region}`)})`, short: m.name }))}
        className="min-w-0 sm:w-40"
      />
      <Select
        compact
        label={t('value.priceType')}
        value={prefs.priceType}
        onValueChange={(v) => prefs.setPreference('priceType', v as PriceType)}
        options={PRICE_TYPES.map((p) => ({ value: p, label: t(`common:priceTypes.${p}`) }))}
        className="min-w-0 sm:w-32"
      />
      <Button variant="secondary" size="sm" className="h-9 max-sm:w-9 max-sm:justify-center max-sm:px-0" onClick={onRefresh} disabled={refreshing} title={t('value.refresh')} data-testid="value-refresh">
        <RefreshCw className={cn('h-4 w-4', refreshing && 'animate-spin')} aria-hidden />
        <span className="max-sm:sr-only">{t('value.refresh')}</span>
      </Button>
    </div>
  );
}

/** Which currency the amounts are in, and where to change it (the header's currency menu, or Settings on phones). */
export function CurrencyHint() {
  const { t } = useTranslation(['binders', 'common']);
  const { currency } = usePreferences();
  return (
    <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted" data-testid="value-currency">
      <CurrencyFlag code={currency} />
      <span>{t('value.currency', { currency: t(`common:currencies.${currency}`), code: currency })}</span>
      <Link to="/settings" className="font-medium text-fg underline-offset-2 hover:underline">
        {t('value.changeCurrency')}
      </Link>
    </p>
  );
}
