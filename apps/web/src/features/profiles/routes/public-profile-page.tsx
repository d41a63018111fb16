import type { ProfileBinder, ProfileDeck, PublicProfileResponse } from '@grandline/core/contracts/profiles';
import type { TraderResponse } from '@grandline/core/contracts/trades';
import { useQuery } from '@tanstack/react-query';
import { BookOpen, CalendarDays, FolderHeart, Pencil } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { cardImageUrl } from '@/components/card/card-image';
import { ColorDots } from '@/components/card/color-dots';
import { PageTitle } from '@/components/page-title';
import { buttonClass } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import { DetailState, PageSkeleton } from '@/components/ui/query-states';
import { FormatBadge, ValidityBadge } from '@/features/decks/components/deck-badges';
import { profileQuery } from '@/features/profiles/api/profiles-api';
import { ActivityList } from '@/features/profiles/components/activity-list';
import { BadgeList } from '@/features/profiles/components/badge-list';
import { CountryFlag } from '@/features/profiles/components/country-flag';
import { FollowButton } from '@/features/profiles/components/follow-button';
import { traderQuery, useTrader } from '@/features/trades/api/trades-api';
import { ProfileTradeAction, ProfileTradingNote } from '@/features/trades/components/profile-trade-action';
import { FollowListDialog } from '@/features/profiles/components/follow-list-dialog';
import { UserAvatar } from '@/components/user-avatar';
import { useCountryNames } from '@/lib/country-names';
import { formatDate, formatNumber } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { ensureSession } from '@/lib/session';
import { useHydrated } from '@/lib/use-hydrated';

/** The user names the server accepts (ProfileUsernameParam): anything else is "not found" without asking. */
const USERNAME = /^[A-Za-z0-9_-]{1,30}$/;

export const loader = async ({ params }: LoaderFunctionArgs) => {
  // The follow state depends on who reads: the session first, then the profile.
  const me = await ensureSession().catch(() => null);
  if (USERNAME.test(params.username ?? '')) {
    void queryClient.prefetchQuery(profileQuery(params.username!));
    // Whether they trade shows in the header: read with the profile, so the header is drawn once.
    void queryClient.prefetchQuery(traderQuery(params.username!, Boolean(me)));
  }
  return null;
};

function Count({ value, label, onClick, testId }: { value: number; label: string; onClick?: () => void; testId: string }) {
  const inner = (
    <>
      <span className="block text-lg font-bold tabular-nums">{formatNumber(value)}</span>
      <span className="block text-xs text-muted">{label}</span>
    </>
  );
  return onClick ? (
    <button type="button" onClick={onClick} className="rounded-lg px-3 py-1.5 text-left hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent" data-testid={testId}>
      {inner}
    </button>
  ) : (
    <div className="px-3 py-1.5" data-testid={testId}>
      {inner}
    </div>
  );
}

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="flex items-baseline gap-2 text-lg font-semibold">
        {title}
        {count !== undefined && <span className="text-sm font-normal text-muted tabular-nums">{formatNumber(count)}</span>}
      </h2>
      {children}
    </section>
  );
}

function DeckTile({ deck }: { deck: ProfileDeck }) {
  const { t } = useTranslation('profile');
  return (
    <li>
      <Link to={`/deck/${deck.id}`} className="group flex h-full gap-3 rounded-xl border border-border bg-surface p-3 transition-colors hover:border-accent/60" data-testid="profile-deck">
        <span className="h-[84px] w-[60px] shrink-0 overflow-hidden rounded-md bg-surface-2">
          {deck.leader && <img src={cardImageUrl(deck.leader.id, 160)} alt="" loading="lazy" decoding="async" width={60} height={84} className="h-full w-full object-cover" />}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1.5">
          <span className="truncate font-semibold group-hover:text-accent">{deck.name}</span>
          <span className="flex items-center gap-1.5 truncate text-xs text-muted">
            {deck.leader ? (
              <>
                <ColorDots colors={deck.leader.colors} />
                {deck.leader.name}
              </>
            ) : (
              t('decks.noLeader')
            )}
          </span>
          <span className="mt-auto flex flex-wrap gap-1.5">
            <FormatBadge format={deck.format} />
            <ValidityBadge valid={deck.valid} />
          </span>
        </span>
      </Link>
    </li>
  );
}

function BinderTile({ binder }: { binder: ProfileBinder }) {
  const { t } = useTranslation('profile');
  return (
    <li>
      <Link to={`/collection/${binder.id}`} className="group flex h-full gap-3 rounded-xl border border-border bg-surface p-3 transition-colors hover:border-accent/60" data-testid="profile-binder">
        <span className="flex h-[84px] w-[60px] shrink-0 items-center justify-center overflow-hidden rounded-md bg-surface-2 text-muted">
          {binder.coverCardId ? (
            <img src={cardImageUrl(binder.coverCardId, 160)} alt="" loading="lazy" decoding="async" width={60} height={84} className="h-full w-full object-cover" />
          ) : (
            <FolderHeart className="h-6 w-6" aria-hidden />
          )}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-1.5">
          <span className="truncate font-semibold group-hover:text-accent">{binder.name}</span>
          <span className="text-xs text-muted">{t('binders.cards', { count: binder.cardCount })}</span>
          <span className="mt-auto">
            <Badge>{t(`binders.category.${binder.category}`)}</Badge>
          </span>
        </span>
      </Link>
    </li>
  );
}

function ProfileHeader({ profile, trader }: { profile: PublicProfileResponse; trader: TraderResponse | null }) {
  const { t } = useTranslation('profile');
  const { nameOf } = useCountryNames();
  const hydrated = useHydrated();
  const [list, setList] = useState<'followers' | 'following' | null>(null);
  const name = profile.displayName || profile.username;
  return (
    <header className="rounded-2xl border border-border bg-surface p-5 sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <UserAvatar user={profile} size="xl" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="truncate text-2xl font-bold" data-testid="profile-name">
                {name}
              </h1>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                <span>@{profile.username}</span>
                {profile.countryCode && (
                  <span className="inline-flex items-center gap-1.5" data-testid="profile-country">
                    <CountryFlag code={profile.countryCode} />
                    {nameOf(profile.countryCode)}
                  </span>
                )}
                {hydrated && (
                  <span className="inline-flex items-center gap-1.5">
                    <CalendarDays className="h-3.5 w-3.5" aria-hidden />
                    {t('memberSince', { date: formatDate(profile.memberSince, { month: 'long', year: 'numeric' }) })}
                  </span>
                )}
              </p>
            </div>
            {profile.viewer.isSelf ? (
              <Link to="/profile" className={buttonClass('secondary', 'md')} data-testid="edit-profile">
                <Pencil className="h-4 w-4" aria-hidden />
                {t('editProfile')}
              </Link>
            ) : (
              <div className="flex flex-wrap items-center gap-2">
                <FollowButton profile={profile} />
                <ProfileTradeAction trader={trader} user={{ username: profile.username, displayName: profile.displayName, avatarUrl: profile.avatarUrl, country: profile.countryCode }} />
              </div>
            )}
          </div>
          {profile.bio && (
            <p className="max-w-prose whitespace-pre-wrap break-words text-sm leading-relaxed" data-testid="profile-bio">
              {profile.bio}
            </p>
          )}
          <ProfileTradingNote trader={trader} />
          <BadgeList badges={profile.badges} showLocked={profile.viewer.isSelf} />
          <div className="-mx-3 flex flex-wrap">
            <Count value={profile.counts.followers} label={t('counts.followers', { count: profile.counts.followers })} onClick={() => setList('followers')} testId="count-followers" />
            <Count value={profile.counts.following} label={t('counts.following', { count: profile.counts.following })} onClick={() => setList('following')} testId="count-following" />
            <Count value={profile.counts.publicDecks} label={t('counts.decks', { count: profile.counts.publicDecks })} testId="count-decks" />
            <Count value={profile.counts.publicBinders} label={t('counts.binders', { count: profile.counts.publicBinders })} testId="count-binders" />
          </div>
        </div>
      </div>
      <FollowListDialog username={profile.username} side={list} onClose={() => setList(null)} />
    </header>
  );
}

/** /u/{username} (anyone): a user's public profile. Never an e-mail address, never a private deck or binder. */
export function PublicProfilePage() {
  const { t } = useTranslation('profile');
  const { username = '' } = useParams();
  const valid = USERNAME.test(username);
  const profile = useQuery({ ...profileQuery(username), enabled: valid });
  // The trading line is drawn with the header (a failed read leaves it out rather than holding the page).
  const trader = useTrader(username, valid);
  if (!profile.isSuccess || (trader.isPending && trader.fetchStatus !== 'idle')) {
    return (
      <>
        <PageTitle title={t('title')} />
        <DetailState
          query={profile}
          missing={!valid}
          loading={<PageSkeleton blocks={['h-40', 'h-8 w-40', 'h-28']} />}
          notFound={{ title: t('notFound'), hint: t('notFoundHint') }}
          failedTitle={t('loadFailed')}
        />
      </>
    );
  }
  const p = profile.data;
  return (
    <div className="flex flex-col gap-8" data-testid="public-profile">
      <PageTitle title={p.displayName || p.username} />
      <ProfileHeader profile={p} trader={trader.data ?? null} />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-8">
          <Section id="profile-decks" title={t('decks.title')} count={p.counts.publicDecks}>
            {p.decks.length ? (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">{p.decks.map((d) => <DeckTile key={d.id} deck={d} />)}</ul>
            ) : (
              <p className="flex items-center gap-2 rounded-xl border border-dashed border-border p-4 text-sm text-muted">
                <BookOpen className="h-4 w-4" aria-hidden />
                {t('decks.none')}
              </p>
            )}
          </Section>
          <Section id="profile-binders" title={t('binders.title')} count={p.counts.publicBinders}>
            {p.binders.length ? (
              <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">{p.binders.map((b) => <BinderTile key={b.id} binder={b} />)}</ul>
            ) : (
              <p className="flex items-center gap-2 rounded-xl border border-dashed border-border p-4 text-sm text-muted">
                <FolderHeart className="h-4 w-4" aria-hidden />
                {t('binders.none')}
              </p>
            )}
          </Section>
        </div>
        <Section id="profile-activity" title={t('activity.title')}>
          {p.recentActivity.length ? <ActivityList items={p.recentActivity} showActor={false} /> : <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted">{t('activity.none')}</p>}
        </Section>
      </div>
    </div>
  );
}
