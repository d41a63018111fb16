import { LANGUAGES } from '@grandline/core/locales';
import { MARKETPLACES, PRICE_TYPES } from '@grandline/core/marketplaces';
import { CURRENCIES } from '@grandline/core/money/currencies';
import { Switch } from '@/components/ui/switch';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoading } from '@/components/page-loading';
import { usePreferences, type Preferences } from '@/lib/preferences';
import { sessionEvent, useSession } from '@/lib/session';
import { authApi } from '@/features/auth/api/auth-api';
import { buttonClass } from '@/components/ui/button';
import { tabList, tabTrigger } from '@/components/ui/styles';
import { CurrencyFlag } from '@/components/ui/currency-flag';
import { PageHeader } from '@/components/ui/page-header';
import { Select, type SelectOption } from '@/components/ui/select';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/toast';
import { PageTitle } from '@/components/page-title';
import { PushRow } from './push-row';
import { TradingSettingsPanel } from '@/features/trades/components/trading-settings-panel';
import { SettingRow } from './components/setting-row';
import { Tabs } from '@/components/ui/tabs';


/**
 * Signed-in users: whether they get an e-mail (saved on the account, in their language) when a price alert fires, a
 * saved search finds new cards (docs/saved-searches.md) or a ban or rotation makes one of their decks illegal
 * (docs/regulation-notices.md) (`alertEmails`), or when someone follows them or comments on their deck or binder
 * (`communityEmails`). Both on unless turned off.
 */
function EmailSwitchRow({ field, testId }: { field: 'alertEmails' | 'communityEmails'; testId: string }) {
  const { t } = useTranslation();
  const { me } = useSession();
  const id = useId();
  const [saving, setSaving] = useState(false);
  const on = me?.profile[field] ?? true;
  const change = async (next: boolean) => {
    setSaving(true);
    try {
      await sessionEvent('USER_UPDATED', await authApi.updateProfile({ [field]: next }));
      notify.success(t('settings.saved'));
    } catch (err) {
      notify.error(errorText(err, 'common:settings.alertEmailsFailed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <SettingRow label={t(`settings.${field}`)} hint={t(`settings.${field}Hint`)} htmlFor={id}>
      <Switch id={id} checked={on} disabled={saving} onCheckedChange={(next) => void change(next)} testId={testId} />
    </SettingRow>
  );
}

type SelectablePreference = 'language' | 'currency' | 'theme' | 'marketplace' | 'priceType';

/** One preference picked from a list; saved at once, with a confirmation toast. */
function PreferenceSelect<K extends SelectablePreference>({
  name,
  label,
  hint,
  options,
}: {
  name: K;
  label: string;
  hint?: string;
  options: SelectOption[];
}) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const id = useId();
  return (
    <SettingRow label={label} hint={hint} htmlFor={id}>
      <Select
        id={id}
        label={label}
        className="w-full"
        value={String(prefs[name])}
        onValueChange={(v) => {
          prefs.setPreference(name, v as Preferences[K]);
          notify.success(t('settings.saved'));
        }}
        options={options}
      />
    </SettingRow>
  );
}

const AccountTab = lazy(() => import('./account-tab').then((m) => ({ default: m.AccountTab })));

const SubscriptionTab = lazy(() => import('./subscription-tab').then((m) => ({ default: m.SubscriptionTab })));

const TABS = ['account', 'preferences', 'subscription'] as const;
type Tab = (typeof TABS)[number];

/** /settings (public): Account and Subscription for signed-in users, Preferences for everyone (spec §2). */
export function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: Tab = session.signedIn ? ((TABS as readonly string[]).includes(wanted ?? '') ? (wanted as Tab) : 'account') : 'preferences';

  return (
    <div className="mx-auto max-w-3xl">
      <PageTitle title={t('settings.title')} />
      <PageHeader title={t('settings.title')} description={t('settings.lead')} />
      {session.signedIn ? (
        <Tabs.Root value={tab} onValueChange={(v) => setParams(v === 'account' ? {} : { tab: v }, { replace: true })}>
          <Tabs.List aria-label={t('settings.title')} className={`mb-5 ${tabList}`}>
            <Tabs.Trigger value="account" className={tabTrigger} data-testid="tab-account">
              {t('settings.account')}
            </Tabs.Trigger>
            <Tabs.Trigger value="preferences" className={tabTrigger} data-testid="tab-preferences">
              {t('settings.preferences')}
            </Tabs.Trigger>
            <Tabs.Trigger value="subscription" className={tabTrigger} data-testid="tab-subscription">
              {t('subscription.tab')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="account" className="outline-none">
            <Suspense fallback={<PageLoading />}>
              <AccountTab />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="preferences" className="outline-none">
            <PreferencesPanel signedIn />
          </Tabs.Content>
          <Tabs.Content value="subscription" className="outline-none">
            <Suspense fallback={<PageLoading />}>
              <SubscriptionTab />
            </Suspense>
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <>
          <PreferencesPanel signedIn={false} />
          {session.authAvailable && (
            <div className="mt-6 flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border p-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted">{t('settings.signInForAccount')}</p>
              <Link to="/auth" className={buttonClass('secondary', 'sm')}>
                {t('header.signIn')}
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function PreferencesPanel({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const prefs = usePreferences();
  const animationsId = useId();
  return (
    <>
      <section aria-labelledby="prefs-title" className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
        <h2 id="prefs-title" className="mb-2 text-lg font-semibold">
          {t('settings.preferences')}
        </h2>
        <PreferenceSelect name="language" label={t('settings.language')} options={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))} />
        <PreferenceSelect
          name="currency"
          label={t('settings.currency')}
          hint={t('settings.currencyHint')}
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
        <PreferenceSelect
          name="theme"
          label={t('settings.theme')}
          options={[
            { value: 'dark', label: t('settings.themeDark') },
            { value: 'light', label: t('settings.themeLight') },
          ]}
        />
        <SettingRow label={t('settings.animations')} hint={t('settings.animationsHint')} htmlFor={animationsId}>
          <Switch
            id={animationsId}
            checked={prefs.animations}
            onCheckedChange={(on) => {
              prefs.setPreference('animations', on);
              notify.success(t('settings.saved'));
            }}
          />
        </SettingRow>
        <PreferenceSelect
          name="marketplace"
          label={t('settings.marketplace')}
          hint={t('settings.marketplaceHint')}
          options={MARKETPLACES.map((m) => ({ value: m.id, label: `${m.name} (${t(`regions.${m.region}`)})` }))}
        />
        <PreferenceSelect name="priceType" label={t('settings.priceType')} options={PRICE_TYPES.map((p) => ({ value: p, label: t(`priceTypes.${p}`) }))} />
        {signedIn && <EmailSwitchRow field="alertEmails" testId="alert-emails" />}
        {signedIn && <EmailSwitchRow field="communityEmails" testId="community-emails" />}
        {signedIn && <PushRow />}
        {signedIn && (
          <div className="border-t border-border py-4">
            <TradingSettingsPanel />
          </div>
        )}
      </section>
      <p className="mt-4 text-sm text-muted">{t(signedIn ? 'settings.storedInAccount' : 'settings.storedLocally')}</p>
    </>
  );
}
