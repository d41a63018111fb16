import { ArrowLeft, CalendarDays, ExternalLink, ShieldCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { DetailState, PageSkeleton } from '@/components/ui/query-states';
import { formatDay } from '@/lib/format';
import { queryClient } from '@/lib/query-client';
import { tournamentQuery, useTournament } from '@/features/meta/api/meta-api';
import { StandingsTable } from '@/features/meta/components/standings-table';

export const loader = ({ params }: LoaderFunctionArgs) => queryClient.ensureQueryData(tournamentQuery(params.id ?? '')).then(
  () => null,
  () => null,
);

/** A source's name for its link. */
const SOURCE_NAMES: Record<string, string> = { limitless: 'Limitless TCG' };

/**
 * /meta/tournaments/{id}: a tournament — its name, day, players, format and page at its source — and its standings
 * (placing, record, leader, the published list). Players are never named: the data has no names.
 */
export function TournamentPage() {
  const { t, i18n } = useTranslation('meta');
  const { id = '' } = useParams();
  const tournament = useTournament(id);
  const back = (
    <Link to="/meta" className={buttonClass('ghost', 'sm', 'mb-4 -ml-2')}>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {t('leader.back')}
    </Link>
  );
  if (!tournament.data) {
    return (
      <div>
        <PageTitle title={t('tournament.title')} />
        <DetailState
          query={tournament}
          back={back}
          loading={
            <>
              {back}
              <PageSkeleton blocks={['h-24 w-full max-w-xl', 'h-96']} />
            </>
          }
          notFound={{ title: t('tournament.notFound'), hint: t('tournament.notFoundHint') }}
          failedTitle={t('errors.loadFailed')}
        />
      </div>
    );
  }
  const tr = tournament.data;
  return (
    <div className="flex flex-col gap-6" data-testid="meta-tournament-page">
      <PageTitle title={tr.name} />
      <div>
        {back}
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl [overflow-wrap:anywhere]" data-testid="meta-tournament-name">
          {tr.name}
        </h1>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="h-4 w-4" aria-hidden />
            {formatDay(tr.date, { dateStyle: 'long' }, i18n.resolvedLanguage)}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Users className="h-4 w-4" aria-hidden />
            {t('tournament.players', { count: tr.players })}
          </span>
          <Badge>{t(`formats.${tr.format}`)}</Badge>
          <span>{t('tournament.lists', { count: tr.lists })}</span>
          {tr.url ? (
            <a href={tr.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 font-medium text-fg hover:underline" data-testid="meta-tournament-source">
              {t('tournament.source', { source: SOURCE_NAMES[tr.source] ?? t(`sources.${tr.source}`) })}
              <ExternalLink className="h-3.5 w-3.5" aria-hidden />
              <span className="sr-only">{t('build.export.newTab')}</span>
            </a>
          ) : (
            <span>{t('tournament.sourceNoLink', { source: t(`sources.${tr.source}`) })}</span>
          )}
        </div>
        <p className="mt-3 flex items-start gap-1.5 text-xs text-muted">
          <ShieldCheck className="h-4 w-4 shrink-0 text-success" aria-hidden />
          {t('tournament.privacy')}
        </p>
      </div>
      <section aria-labelledby="meta-standings-title" className="flex flex-col gap-3">
        <h2 id="meta-standings-title" className="text-lg font-semibold">
          {t('standings.title', { count: tr.standings.length })}
        </h2>
        <StandingsTable standings={tr.standings} />
      </section>
    </div>
  );
}
