import { LANGUAGES, type LanguageCode } from '@grandline/core/locales';
import { MARKETPLACES, PRICE_TYPES, type MarketplaceId, type PriceType } from '@grandline/core/marketplaces';
import { CURRENCIES, type CurrencyCode } from '@grandline/core/money/currencies';
import { Switch } from 'radix-ui';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/toast';
import { usePreferences } from '../../app/preferences';
import { CurrencyFlag } from '../../components/ui/currency-flag';
import { PageHeader } from '../../components/ui/misc';
import { Select } from '../../components/ui/select';

function Row({ label, hint, htmlFor, children }: { label: string; hint?: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 border-t border-border py-4 first:border-t-0 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <label htmlFor={htmlFor} className="text-sm font-medium">
          {label}
        </label>
        {hint && <p className="text-xs text-muted">{hint}</p>}
      </div>
      <div className="sm:w-64">{children}</div>
    </div>
  );
}

/** Preferences are kept in this browser; signed-in users will also have them saved to their profile. */
export function SettingsPage() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const ids = { language: useId(), currency: useId(), theme: useId(), marketplace: useId(), priceType: useId(), animations: useId() };
  useEffect(() => {
    document.title = `${t('settings.title')} · Grand Line`;
  }, [t]);
  const saved = () => notify.success(t('settings.saved'));

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('settings.title')} description={t('settings.lead')} />
      <section aria-labelledby="prefs-title" className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <h2 id="prefs-title" className="mb-2 text-lg font-semibold">
          {t('settings.preferences')}
        </h2>
        <Row label={t('settings.language')} htmlFor={ids.language}>
          <Select
            id={ids.language}
            label={t('settings.language')}
            className="w-full"
            value={prefs.language}
            onValueChange={(v) => {
              prefs.setPreference('language', v as LanguageCode);
              saved();
            }}
            options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
          />
        </Row>
        <Row label={t('settings.currency')} hint={t('settings.currencyHint')} htmlFor={ids.currency}>
          <Select
            id={ids.currency}
            label={t('settings.currency')}
            className="w-full"
            value={prefs.currency}
            onValueChange={(v) => {
              prefs.setPreference('currency', v as CurrencyCode);
              saved();
            }}
            options={CURRENCIES.map((c) => ({
              value: c.code,
              label: (
                <span className="flex items-center gap-2">
                  <CurrencyFlag code={c.code} />
                  {`${c.code} — ${t(`currencies.${c.code}`)}`}
                </span>
              ),
            }))}
          />
        </Row>
        <Row label={t('settings.theme')} htmlFor={ids.theme}>
          <Select
            id={ids.theme}
            label={t('settings.theme')}
            className="w-full"
            value={prefs.theme}
            onValueChange={(v) => {
              prefs.setPreference('theme', v === 'light' ? 'light' : 'dark');
              saved();
            }}
            options={[
              { value: 'dark', label: t('settings.themeDark') },
              { value: 'light', label: t('settings.themeLight') },
            ]}
          />
        </Row>
        <Row label={t('settings.animations')} hint={t('settings.animationsHint')} htmlFor={ids.animations}>
          <Switch.Root
            id={ids.animations}
            checked={prefs.animations}
            onCheckedChange={(on) => {
              prefs.setPreference('animations', on);
              saved();
            }}
            className="relative h-6 w-11 cursor-pointer rounded-full bg-border transition-colors data-[state=checked]:bg-accent"
          >
            <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
          </Switch.Root>
        </Row>
        <Row label={t('settings.marketplace')} hint={t('settings.marketplaceHint')} htmlFor={ids.marketplace}>
          <Select
            id={ids.marketplace}
            label={t('settings.marketplace')}
            className="w-full"
            value={prefs.marketplace}
            onValueChange={(v) => {
              prefs.setPreference('marketplace', v as MarketplaceId);
              saved();
            }}
            options={MARKETPLACES.map((m) => ({ value: m.id, label: `${m.name} (${t(`regions.${m.region}`)})` }))}
          />
        </Row>
        <Row label={t('settings.priceType')} htmlFor={ids.priceType}>
          <Select
            id={ids.priceType}
            label={t('settings.priceType')}
            className="w-full"
            value={prefs.priceType}
            onValueChange={(v) => {
              prefs.setPreference('priceType', v as PriceType);
              saved();
            }}
            options={PRICE_TYPES.map((p) => ({ value: p, label: t(`priceTypes.${p}`) }))}
          />
        </Row>
      </section>
      <p className="mt-4 text-sm text-muted">{t('settings.storedLocally')}</p>
    </div>
  );
}
