import { currencyInfo, type CurrencyCode } from '@grandline/core/money/currencies';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass } from '@/components/ui/form';
import { priceBound } from '@/lib/price-params';

/**
 * Minimum and maximum price of the library filter, in the user's currency and price type. A bound is applied when the
 * field is left or Enter is pressed; an unreadable amount is shown as an error and changes nothing.
 */
export function PriceRangeFilter({
  min,
  max,
  currency,
  onChange,
}: {
  min?: string;
  max?: string;
  currency: CurrencyCode;
  onChange: (patch: { priceMin?: string; priceMax?: string }) => void;
}) {
  const { t } = useTranslation('cards');
  const symbol = currencyInfo(currency).symbol;
  return (
    <div className="grid grid-cols-2 gap-2">
      {/* Keyed by the URL's value: a cleared filter or a back navigation starts the field again from it. */}
      <Bound key={`min:${min ?? ''}`} label={t('filters.priceMin', { symbol })} value={min} onCommit={(v) => onChange({ priceMin: v })} />
      <Bound key={`max:${max ?? ''}`} label={t('filters.priceMax', { symbol })} value={max} onCommit={(v) => onChange({ priceMax: v })} />
    </div>
  );
}

function Bound({ label, value, onCommit }: { label: string; value?: string; onCommit: (value: string | undefined) => void }) {
  const { t } = useTranslation('cards');
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [invalid, setInvalid] = useState(false);
  const commit = () => {
    const bound = priceBound(text);
    if (bound === null) return setInvalid(true);
    setInvalid(false);
    if (bound !== (value ?? undefined)) onCommit(bound);
  };
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs text-muted">
        {label}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        className={inputClass(invalid)}
        placeholder={t('filters.any')}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      {invalid && (
        <p id={`${id}-error`} className="text-xs text-op-red">
          {t('validation.priceBoundInvalid')}
        </p>
      )}
    </div>
  );
}
