import type { Card } from '@grandline/core/contracts/cards';
import { MAX_WATCH_THRESHOLD, WatchThreshold, type Watch, type WatchDirection } from '@grandline/core/contracts/watches';
import { MARKETPLACES, type MarketplaceId } from '@grandline/core/marketplaces';
import { formatCents, parseDecimal } from '@grandline/core/money/money';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { Field, FormMessage, TextInput, describedBy } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { choiceCard } from '@/components/ui/styles';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { formatNumber } from '@/lib/format';
import { usePreferences } from '@/lib/preferences';
import { notify } from '@/lib/toast';
import { useCardPrices } from '@/features/prices/api/get-card-prices';
import { watchesApi } from '@/features/watches/api/watches-api';

const DIRECTIONS: { value: WatchDirection; icon: typeof TrendingDown }[] = [
  { value: 'below', icon: TrendingDown },
  { value: 'above', icon: TrendingUp },
];

/** The threshold as the user typed it, read in any of our locales ("12,50", "R$ 12,50"), or why it cannot be one. */
export function readThreshold(text: string): { ok: true; value: number } | { ok: false; problem: 'thresholdInvalid' | 'thresholdTooHigh' } {
  const parsed = parseDecimal(text);
  const checked = WatchThreshold.safeParse(parsed ?? Number.NaN);
  if (checked.success) return { ok: true, value: checked.data };
  return { ok: false, problem: checked.error.issues[0]?.message === 'validation.thresholdTooHigh' ? 'thresholdTooHigh' : 'thresholdInvalid' };
}

/**
 * Adds a price alert for a card, or edits one (spec §2 watchlist: marketplace, alert type, threshold). The threshold
 * is in the user's currency for a new watch, in the watch's own for an edit; the market's current min price is shown
 * beside it, so the user sees which side of it they are choosing.
 */
export function WatchDialog({ card, watch, open, onOpenChange }: { card: Card; watch?: Watch; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation('prices');
  const preferences = usePreferences();
  const id = useId();
  const currency: CurrencyCode = watch?.currency ?? preferences.currency;
  const [market, setMarket] = useState<MarketplaceId>(watch?.market ?? preferences.marketplace);
  const [direction, setDirection] = useState<WatchDirection>(watch?.direction ?? 'below');
  const [threshold, setThreshold] = useState(watch ? formatNumber(watch.threshold, undefined, { useGrouping: false, maximumFractionDigits: 2 }) : '');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<{ text: string; locked: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const prices = useCardPrices(card.id, currency);
  const current = prices.data?.markets.find((m) => m.market === market)?.min ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const read = readThreshold(threshold);
    if (!read.ok) {
      setFieldError(t(`watches.validation.${read.problem}`, { max: formatNumber(MAX_WATCH_THRESHOLD, i18n.language) }));
      return;
    }
    setFieldError(undefined);
    setFormError(null);
    setSaving(true);
    try {
      if (watch) await watchesApi.update(watch.id, { market, direction, threshold: read.value, currency });
      else await watchesApi.create({ cardId: card.id, market, direction, threshold: read.value, currency });
      notify.success(watch ? t('watches.saved') : t('watches.added'), { id: `watch-${card.id}` });
      onOpenChange(false);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      if (code === 'PRICE_ALREADY_PAST') setFieldError(t(`watches.alreadyPast.${direction}`));
      else setFormError({ text: code === 'PLAN_LIMIT' ? t('watches.planLimit') : errorText(err, 'prices:watches.saveFailed'), locked: code === 'PLAN_LIMIT' });
    } finally {
      setSaving(false);
    }
  };

  const marketOptions = MARKETPLACES.map((m) => ({ value: m.id, label: `${m.name} (${t(`watches.regions.${m.region}`)})`, short: m.name }));
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={watch ? t('watches.editTitle') : t('watches.addTitle')}
      description={t('watches.dialogLead', { name: card.name, number: card.cardNumber })}
      closeLabel={t('watches.close')}
      testId="watch-dialog"
      footer={
        <>
          <Button variant="secondary" type="button" onClick={() => onOpenChange(false)}>
            {t('watches.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} aria-busy={saving} disabled={!threshold.trim()} data-testid="watch-save">
            {watch ? t('watches.save') : t('watches.add')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-market`} className="text-sm font-medium">
            {t('watches.marketplace')}
          </label>
          <Select id={`${id}-market`} value={market} onValueChange={(v) => setMarket(v as MarketplaceId)} options={marketOptions} label={t('watches.marketplace')} />
        </div>
        <div className="flex flex-col gap-1.5">
          <span id={`${id}-direction`} className="text-sm font-medium">
            {t('watches.alertType')}
          </span>
          <RadioGroup.Root value={direction} onValueChange={(v) => setDirection(v as WatchDirection)} aria-labelledby={`${id}-direction`} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {DIRECTIONS.map(({ value, icon: Icon }) => (
              <RadioGroup.Item key={value} value={value} className={`${choiceCard} flex items-start gap-2.5 px-3 py-2.5`} data-testid={`watch-direction-${value}`}>
                <Icon className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden />
                <span className="flex flex-col gap-0.5">
                  <span className="text-sm font-medium">{t(`watches.directions.${value}`)}</span>
                  <span className="text-xs text-muted">{t(`watches.directionHints.${value}`)}</span>
                </span>
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </div>
        <Field
          id={`${id}-threshold`}
          label={t('watches.threshold', { currency })}
          error={fieldError}
          hint={
            prices.isPending ? t('watches.currentLoading') : current !== null ? t('watches.currentPrice', { price: formatCents(current, currency) }) : t('watches.noCurrentPrice')
          }
        >
          <TextInput
            id={`${id}-threshold`}
            inputMode="decimal"
            autoComplete="off"
            value={threshold}
            onChange={(e) => {
              setThreshold(e.target.value);
              setFieldError(undefined);
            }}
            invalid={!!fieldError}
            {...describedBy(`${id}-threshold`, fieldError, true)}
            data-testid="watch-threshold"
          />
        </Field>
        {formError && (
          <FormMessage>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span data-testid="watch-form-error">{formError.text}</span>
              {formError.locked && (
                <Link to="/settings?tab=subscription" className={buttonClass('secondary', 'sm')}>
                  {t('watches.seePlans')}
                </Link>
              )}
            </span>
          </FormMessage>
        )}
      </form>
    </Modal>
  );
}
