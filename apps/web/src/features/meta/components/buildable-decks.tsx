import type { BuildableDeck, BuildableResponse } from '@grandline/core/contracts/tournaments';
import { formatCents } from '@grandline/core/money/money';
import { ChevronRight, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DemoBadge } from '@/components/ui/demo-badge';
import { ErrorState } from '@/components/ui/query-states';
import { Skeleton } from '@/components/ui/skeleton';
import { readPreferences, usePreferences, type Preferences } from '@/lib/preferences';
import { queryClient } from '@/lib/query-client';
import { buildableQuery, useBuildable, type BuildableParams } from '@/features/meta/api/meta-api';
import { leaderPath } from '@/features/meta/meta-view';
import { LeaderThumb } from './leader-thumb';

/** How many lists the dashboard shows. */
const BUILDABLE_SHOWN = 5;

/** What the dashboard asks: the default window and format, in the user's currency and price type. */
const dashboardBuildable = ({ currency, priceType }: Pick<Preferences, 'currency' | 'priceType'>): BuildableParams => ({ currency, priceType, limit: BUILDABLE_SHOWN });

/** The dashboard's loader fetches the lists before the page is drawn (their count sizes the section). */
export const prefetchBuildable = () => queryClient.ensureQueryData(buildableQuery(dashboardBuildable(readPreferences())));

/** One list: leader, placing and tournament, the copies missing and what they cost on the cheapest split. */
function BuildableItem({ item, currency }: { item: BuildableDeck; currency: BuildableResponse['currency'] }) {
  const { t } = useTranslation('meta');
  const done = item.missing === 0;
  return (
    <li>
      <Link
        to={leaderPath(item.leader.cardNumber, undefined, item.list.deckId)}
        className="group flex items-center gap-3 px-4 py-3 hover:bg-surface-2"
        data-testid="buildable-item"
        data-deck-id={item.list.deckId}
      >
        <LeaderThumb cardId={item.leader.cardId} name={item.leader.name} cardNumber={item.leader.cardNumber} className="w-9" sizes="40px" />
        <span className="flex min-w-0 flex-1 flex-col gap-x-4 gap-y-0.5 sm:flex-row sm:items-center">
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold">{item.leader.name}</span>
            <span className="block truncate text-xs text-muted">{t('buildable.placed', { placing: item.list.placing, tournament: item.list.tournamentName })}</span>
          </span>
          {/* On phones the figures go under the name, which kept too little room beside them. */}
          <span className="flex shrink-0 flex-wrap items-baseline gap-x-2 sm:flex-col sm:items-end sm:text-right">
            <span className="text-sm font-bold tabular-nums">
              {done ? t('buildable.complete') : formatCents(item.split.total, currency)}
              {item.demo && <DemoBadge className="ml-1.5 align-middle" label={t('buildable.demo')} title={t('buildable.demoHint')} />}
            </span>
            <span className="text-xs text-muted">
              {done ? t('buildable.owned', { count: item.total }) : t('buildable.missing', { count: item.missing })}
              {item.split.unpriced > 0 && ` · ${t('buildable.unpriced', { count: item.split.unpriced })}`}
            </span>
          </span>
        </span>
        <ChevronRight className="h-4 w-4 shrink-0 text-muted transition-transform group-hover:translate-x-0.5" aria-hidden />
      </Link>
    </li>
  );
}

/**
 * The dashboard's "Decks you can finish for the least": the window's best-placed lists that the user's binders come
 * closest to, by what the rest costs in their currency (GET /api/meta/buildable), each a link to its leader's page
 * with the list chosen.
 */
export function BuildableDecks() {
  const { t } = useTranslation('meta');
  const prefs = usePreferences();
  const { currency } = prefs;
  const buildable = useBuildable(dashboardBuildable(prefs));
  const items = buildable.data?.items.slice(0, BUILDABLE_SHOWN);
  return (
    <section aria-labelledby="dash-buildable" className="flex flex-col gap-3" data-testid="buildable-decks">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="dash-buildable" className="flex items-center gap-2 text-lg font-semibold">
          <Trophy className="h-5 w-5 text-accent" aria-hidden />
          {t('buildable.title')}
        </h2>
        <Link to="/meta" className="text-sm font-medium text-accent hover:underline">
          {t('buildable.all')}
        </Link>
      </div>
      {buildable.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : buildable.isError ? (
        <ErrorState title={t('buildable.failed')} onRetry={() => void buildable.refetch()} />
      ) : !items?.length ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted" data-testid="buildable-empty">
          {t('buildable.empty')}{' '}
          <Link to="/meta" className="font-medium text-fg underline">
            {t('buildable.emptyLink')}
          </Link>
        </p>
      ) : (
        <>
          <p className="-mt-1 text-sm text-muted">{t('buildable.lead', { currency })}</p>
          <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface">
            {items.map((item) => (
              <BuildableItem key={item.list.deckId} item={item} currency={buildable.data.currency} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
