import type { TournamentSummary } from '@grandline/core/contracts/tournaments';
import { Trophy, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDay } from '@/lib/format';
import { cn } from '@/lib/cn';

/** One tournament: its name (a link to its page), day, players, format and published lists. */
function TournamentItem({ tournament: tr }: { tournament: TournamentSummary }) {
  const { t, i18n } = useTranslation('meta');
  return (
    <li>
      <Link to={`/meta/tournaments/${encodeURIComponent(tr.id)}`} className="flex flex-col gap-1 px-4 py-3 hover:bg-surface-2" data-testid="meta-tournament-link">
        <span className="line-clamp-2 text-sm font-medium [overflow-wrap:anywhere]">{tr.name}</span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
          <span>{formatDay(tr.date, { dateStyle: 'medium' }, i18n.resolvedLanguage)}</span>
          <span className="inline-flex items-center gap-1">
            <Users className="h-3.5 w-3.5" aria-hidden />
            {t('tournament.players', { count: tr.players })}
          </span>
          <span>{t('tournament.lists', { count: tr.lists })}</span>
          <Badge className="px-1.5 py-0 text-[0.7rem]">{t(`formats.${tr.format}`)}</Badge>
        </span>
      </Link>
    </li>
  );
}

/** The window's tournaments, newest first, with "show more" while there are more. */
export function RecentTournaments({
  items,
  total,
  loading,
  fetching,
  onMore,
}: {
  items: TournamentSummary[] | undefined;
  total: number;
  loading: boolean;
  fetching: boolean;
  onMore: () => void;
}) {
  const { t } = useTranslation('meta');
  return (
    <section aria-labelledby="meta-recent-title" className="flex min-w-0 flex-col gap-3" data-testid="meta-recent">
      <h2 id="meta-recent-title" className="flex items-center gap-2 font-semibold">
        <Trophy className="h-4 w-4 text-accent" aria-hidden />
        {t('recent.title')}
        {!loading && <span className="text-sm font-normal text-muted">({total})</span>}
      </h2>
      {loading ? (
        <div className="flex flex-col gap-2" aria-hidden>
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : !items?.length ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted">{t('recent.none')}</p>
      ) : (
        <>
          <ul className={cn('divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface', fetching && 'opacity-60')}>
            {items.map((tr) => (
              <TournamentItem key={tr.id} tournament={tr} />
            ))}
          </ul>
          {items.length < total && (
            <Button variant="secondary" size="sm" className="self-center" onClick={onMore} aria-busy={fetching} data-testid="meta-recent-more">
              {t('recent.more')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
