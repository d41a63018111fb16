import { MAX_TRADING_NOTE, type TradingSettings } from '@grandline/core/contracts/trades';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, FormMessage, TextArea } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/lib/toast';
import { tradesApi, useTradingSettings } from '@/features/trades/api/trades-api';
import { CountriesField } from '@/features/trades/components/countries-field';
import { tradeErrorText } from '@/features/trades/utils/trade-errors';

/**
 * The "Open to trades" switch, note and countries (PUT /api/me/trading). Exported for Settings → Preferences, which
 * imports it from here (trades imports nothing of settings). Its texts are in the 'trades' namespace.
 */
export function TradingSettingsPanel({ compact = false }: { compact?: boolean }) {
  const settings = useTradingSettings();
  const initial = settings.data ?? CLOSED;
  return <TradingSettingsForm key={settings.data ? 'loaded' : 'pending'} initial={initial} pending={settings.isPending} compact={compact} />;
}

const CLOSED: TradingSettings = { open: false, note: null, countries: [] };

function TradingSettingsForm({ initial, pending, compact }: { initial: TradingSettings; pending: boolean; compact: boolean }) {
  const { t } = useTranslation('trades');
  const [open, setOpen] = useState(initial.open);
  const [note, setNote] = useState(initial.note ?? '');
  const [countries, setCountries] = useState(initial.countries);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (nextOpen = open) => {
    setBusy(true);
    setError(null);
    try {
      await tradesApi.saveSettings({ open: nextOpen, note: note.trim() || null, countries });
      notify.success(t('settings.saved'));
    } catch (err) {
      setError(tradeErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  const details = (
    <>
      <Field id="trading-note" label={t('settings.note')} hint={t('settings.noteHint')}>
        <TextArea id="trading-note" rows={2} maxLength={MAX_TRADING_NOTE} value={note} onChange={(e) => setNote(e.target.value)} aria-describedby="trading-note-hint" />
      </Field>
      <Field id="trading-countries-input" label={t('settings.countries')} hint={t('settings.countriesHint')}>
        <CountriesField id="trading-countries-input" value={countries} onChange={setCountries} describedBy="trading-countries-input-hint" />
      </Field>
      <div>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => save()} data-testid="trading-save">
          {t('settings.save')}
        </Button>
      </div>
    </>
  );

  return (
    <section className="flex flex-col gap-3" data-testid="trading-settings">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <label htmlFor="trading-open" className="font-medium">
            {t('settings.open')}
          </label>
          <p className="text-sm text-muted">{t('settings.openHint')}</p>
        </div>
        <Switch
          id="trading-open"
          checked={open}
          disabled={busy || pending}
          onCheckedChange={(next) => {
            setOpen(next);
            void save(next);
          }}
          testId="trading-open"
        />
      </div>
      {open && compact && (
        <details className="text-sm" data-testid="trading-details">
          <summary className="cursor-pointer text-muted">{t('settings.details')}</summary>
          <div className="mt-3 flex flex-col gap-3">{details}</div>
        </details>
      )}
      {open && !compact && details}
      {error && <FormMessage>{error}</FormMessage>}
    </section>
  );
}
