import { visibleGames } from '@grandline/core/games';
import { LANGUAGES, type LanguageCode } from '@grandline/core/locales';
import { MARKETPLACES, type MarketplaceId } from '@grandline/core/marketplaces';
import { CURRENCIES, type CurrencyCode } from '@grandline/core/money/currencies';
import type { GameCategory } from '@grandline/core/games';
import { Globe, LogIn, Menu, Moon, Settings, Store, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { CurrencyFlag } from '../../components/ui/currency-flag';
import { ChoiceMenu } from '../../components/ui/dropdown-menu';
import { useMediaQuery } from '../../lib/use-media-query';
import { usePreferences } from '../preferences';
import { useSession } from '../session';
import { Logo } from './logo';

export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const session = useSession();
  const desktop = useMediaQuery('(min-width: 768px)');
  const games = visibleGames();
  const currency = CURRENCIES.find((c) => c.code === prefs.currency) ?? CURRENCIES[0];
  const marketplace = MARKETPLACES.find((m) => m.id === prefs.marketplace) ?? MARKETPLACES[0];
  const language = LANGUAGES.find((l) => l.code === prefs.language) ?? LANGUAGES[0];

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-1 border-b border-border bg-bg/85 px-2 backdrop-blur sm:gap-2 sm:px-4">
      <button
        type="button"
        onClick={onOpenMenu}
        aria-label={t('nav.openMenu')}
        className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2 md:hidden"
      >
        <Menu className="h-5 w-5" aria-hidden />
      </button>
      <Link to={session.signedIn ? '/dashboard' : '/'} className="mr-1 flex items-center gap-2 rounded-lg px-1 py-1" aria-label={t('app.homeLink')}>
        <Logo className="h-8 w-8" />
        <span className="hidden text-lg font-bold tracking-tight sm:inline">Grand Line</span>
      </Link>

      {desktop && (
        <ChoiceMenu
          label={t('header.game')}
          value={prefs.game}
          onChange={(v) => prefs.setPreference('game', v as GameCategory)}
          choices={games.map((g) => ({ value: g.id, label: t(`games.${g.id}`) }))}
          trigger={<span className="font-medium">{t(`games.${prefs.game}`)}</span>}
        />
      )}

      <div className="flex-1" />

      {desktop && (
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
      )}

      <button
        type="button"
        onClick={() => prefs.setPreference('theme', prefs.theme === 'dark' ? 'light' : 'dark')}
        aria-label={prefs.theme === 'dark' ? t('header.lightTheme') : t('header.darkTheme')}
        title={prefs.theme === 'dark' ? t('header.lightTheme') : t('header.darkTheme')}
        data-testid="theme-toggle"
        className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg hover:bg-surface-2"
      >
        {prefs.theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden /> : <Moon className="h-5 w-5" aria-hidden />}
      </button>
      {!desktop && (
        <Link to="/settings" aria-label={t('nav.settings')} className="inline-flex h-10 w-10 items-center justify-center rounded-lg hover:bg-surface-2">
          <Settings className="h-5 w-5" aria-hidden />
        </Link>
      )}
      {session.authAvailable ? (
        <Button asChild size="sm" className="ml-1">
          <Link to="/auth">
            <LogIn className="h-4 w-4" aria-hidden />
            {t('header.signIn')}
          </Link>
        </Button>
      ) : (
        <Button size="sm" className="ml-1" disabled title={t('header.signInUnavailable')} aria-describedby="sign-in-unavailable">
          <LogIn className="h-4 w-4" aria-hidden />
          <span className="hidden sm:inline">{t('header.signIn')}</span>
          <span id="sign-in-unavailable" className="sr-only">
            {t('header.signInUnavailable')}
          </span>
        </Button>
      )}
    </header>
  );
}
