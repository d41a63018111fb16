import { parseDecimal } from '@grandline/core/money/money';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import type { MatchFilters } from '@/features/trades/utils/match-filters';
import { countryName } from './trade-money';

/** A typed amount ("12,50") in hundredths; empty or unreadable: no bound. */
function boundOf(text: string): number | null {
  const value = parseDecimal(text);
  return value === null || !Number.isFinite(value) || value < 0 ? null : Math.round(value * 100);
}

/** The matches' filters: country, two-sided only, and the range of the value I would get. */
export function MatchFiltersBar({ filters, onChange, countries }: { filters: MatchFilters; onChange: (f: MatchFilters) => void; countries: string[] }) {
  const { t, i18n } = useTranslation('trades');
  const options = [{ value: '', label: t('filters.anyCountry') }, ...countries.map((c) => ({ value: c, label: countryName(c, i18n.language) }))];
  const input = 'h-9 w-full min-w-0 rounded-lg border border-border bg-surface px-2 text-sm tabular-nums';
  return (
    <div className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap" data-testid="match-filters">
      <label className="col-span-2 flex flex-col gap-1 text-xs text-muted sm:w-52">
        {t('filters.country')}
        <Select value={filters.country} onValueChange={(country) => onChange({ ...filters, country })} options={options} label={t('filters.country')} compact className="w-full" />
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted sm:w-28">
        {t('filters.minValue')}
        <input className={input} inputMode="decimal" onChange={(e) => onChange({ ...filters, minValue: boundOf(e.target.value) })} />
      </label>
      <label className="flex flex-col gap-1 text-xs text-muted sm:w-28">
        {t('filters.maxValue')}
        <input className={input} inputMode="decimal" onChange={(e) => onChange({ ...filters, maxValue: boundOf(e.target.value) })} />
      </label>
      <label className="col-span-2 flex h-9 items-center gap-2 text-sm">
        <Switch checked={filters.twoSidedOnly} onCheckedChange={(twoSidedOnly) => onChange({ ...filters, twoSidedOnly })} testId="two-sided-only" />
        {t('filters.twoSidedOnly')}
      </label>
    </div>
  );
}
