import type { TradeParty, TraderResponse } from '@grandline/core/contracts/trades';
import { ArrowLeftRight, Repeat } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { useCountryNames } from '@/lib/country-names';
import { usePreferences } from '@/lib/preferences';
import { rememberReturnTo } from '@/lib/return-to';
import { useTradeMatches } from '@/features/trades/api/trades-api';
import { ProposalEditor, type ProposalStart } from '@/features/trades/components/proposal-editor';

/*
 * A public profile's trading parts (GET /api/traders/{username}, read by the profile page with the profile so that
 * nothing moves once it shows): the "Open to trades" line with the note and countries, and the action — "Propose a
 * trade", or what stands in the way (sign in, open to trades first, countries). Exported for the profile page, which
 * imports them from here (trades imports nothing of profiles).
 */

/** "Open to trades", the countries they trade with, and their note; nothing for a user who is not open. */
export function ProfileTradingNote({ trader }: { trader: TraderResponse | null }) {
  const { t, i18n } = useTranslation('trades');
  const { nameOf } = useCountryNames();
  if (!trader) return null;
  const countries = trader.countries.length
    ? new Intl.ListFormat(i18n.resolvedLanguage ?? 'en', { type: 'conjunction' }).format(trader.countries.map(nameOf))
    : null;
  return (
    <div className="flex max-w-prose flex-col gap-1 rounded-xl border border-accent/30 bg-accent/5 px-3 py-2 text-sm" data-testid="profile-trading">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="inline-flex items-center gap-1.5 font-semibold text-accent" data-testid="profile-open-to-trades">
          <Repeat className="h-4 w-4" aria-hidden />
          {t('profile.open')}
        </span>
        <span className="text-muted">{countries ? t('profile.countries', { countries }) : t('profile.anyCountry')}</span>
      </p>
      {trader.note && (
        <p className="whitespace-pre-wrap break-words" data-testid="profile-trading-note">
          {trader.note}
        </p>
      )}
    </div>
  );
}

/** "Propose a trade" when the viewer may; otherwise what to do first. The editor starts from our match when there is one. */
export function ProfileTradeAction({ user, trader }: { user: TradeParty; trader: TraderResponse | null }) {
  const { t } = useTranslation('trades');
  const { currency } = usePreferences();
  const navigate = useNavigate();
  const location = useLocation();
  const matches = useTradeMatches(currency);
  const [start, setStart] = useState<ProposalStart | null>(null);
  if (!trader || trader.blocked === 'self') return null;
  if (trader.blocked === 'signed_out') {
    return (
      <Link to="/auth" onClick={() => rememberReturnTo(location.pathname)} className={buttonClass('secondary', 'md')} data-testid="profile-propose-sign-in">
        <ArrowLeftRight className="h-4 w-4" aria-hidden />
        {t('profile.propose')}
      </Link>
    );
  }
  if (trader.blocked === 'not_open') {
    return (
      <Link to="/settings?tab=preferences" className={buttonClass('secondary', 'md')} data-testid="profile-open-first">
        <ArrowLeftRight className="h-4 w-4" aria-hidden />
        {t('profile.openFirst')}
      </Link>
    );
  }
  if (trader.blocked === 'country') {
    return (
      <p className="max-w-[16rem] text-sm text-muted" data-testid="profile-trade-country">
        {t('profile.countryBlocked')}
      </p>
    );
  }
  const match = matches.data?.items.find((m) => m.user.username.toLowerCase() === user.username.toLowerCase()) ?? null;
  return (
    <>
      <Button variant="secondary" onClick={() => setStart({ user: match?.user ?? user, match })} data-testid="profile-propose-trade">
        <ArrowLeftRight className="h-4 w-4" aria-hidden />
        {t('profile.propose')}
      </Button>
      {start && <ProposalEditor start={start} currency={currency} onClose={() => setStart(null)} onSent={() => void navigate('/trades?tab=proposals')} />}
    </>
  );
}
