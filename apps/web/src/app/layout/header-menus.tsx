import { visibleGames, type GameCategory } from '@grandline/core/games';
import { LANGUAGES, type LanguageCode } from '@grandline/core/locales';
import { MARKETPLACES, type MarketplaceId } from '@grandline/core/marketplaces';
import { CURRENCIES, type CurrencyCode } from '@grandline/core/money/currencies';
import { Globe, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CurrencyFlag } from '@/components/ui/currency-flag';
import { ChoiceMenu } from '@/components/ui/choice-menu';
import { usePreferences } from '@/lib/preferences';
import { ExchangeRateNote } from '@/features/prices/components/exchange-rate-note';

/** The header's pickers for wide screens; loaded on demand so phones never download them. */
export function GameMenu() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const games = visibleGames();
  return (
        <ChoiceMenu
          label={t('header.game')}
          value={prefs.game}
          onChange={(v) => prefs.setPreference('game', v as GameCategory)}
          choices={games.map((g) => ({ value: g.id, label: t(`games.${g.id}`) }))}
          trigger={<span className="font-medium">{t(`games.${prefs.game}`)}</span>}
        />
  );
}

export function PreferenceMenus() {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const currency = CURRENCIES.find((c) => c.code === prefs.currency) ?? CURRENCIES[0];
  const marketplace = MARKETPLACES.find((m) => m.id === prefs.marketplace) ?? MARKETPLACES[0];
  const language = LANGUAGES.find((l) => l.code === prefs.language) ?? LANGUAGES[0];
  return (
      <div className="flex items-center gap-1">
        <ChoiceMenu
          label={t('header.currency')}
          value={prefs.currency}
          onChange={(v) => prefs.setPreference('currency', v as CurrencyCode)}
          choices={CURRENCIES.map((c) => ({
            value: c.code,
            label: (
              <span className="flex items-center gap-2">
                <CurrencyFlag code={c.code} />
                <span className="font-medium">{c.code}</span>
                <span className="text-muted">{t(`currencies.${c.code}`)}</span>
              </span>
            ),
          }))}
          trigger={
            <>
              <CurrencyFlag code={currency.code} />
              <span className="font-medium">{currency.code}</span>
            </>
          }
        />
        <ExchangeRateNote currency={prefs.currency} className="mr-1 hidden lg:inline" />
        <ChoiceMenu
          label={t('header.marketplace')}
          value={prefs.marketplace}
          onChange={(v) => prefs.setPreference('marketplace', v as MarketplaceId)}
          choices={MARKETPLACES.map((m) => ({
            value: m.id,
            label: (
              <span className="flex items-center gap-2">
                <span className="font-medium">{m.name}</span>
                <span className="text-xs text-muted">{t(`regions.${m.region}`)}</span>
              </span>
            ),
          }))}
          trigger={
            <>
              <Store className="h-4 w-4" aria-hidden />
              <span className="hidden lg:inline">{marketplace.name}</span>
            </>
          }
        />
        <ChoiceMenu
          label={t('header.language')}
          value={prefs.language}
          onChange={(v) => prefs.setPreference('language', v as LanguageCode)}
          choices={LANGUAGES.map((l) => ({ value: l.code, label: <span lang={l.code}>{l.label}</span> }))}
          trigger={
            <>
              <Globe className="h-4 w-4" aria-hidden />
              <span className="uppercase">{language.code}</span>
            </>
          }
        />
      </div>
  );
}
