import { BookOpen, ChevronRight, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardImage } from '../../../components/card/card-image';
import { buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/misc';
import { ErrorState } from '../../../components/ui/query-states';
import { useMyDecks } from '../api/decks-api';
import { ValidityBadge } from './deck-badges';

/** The dashboard's "Your decks": the three most recently changed, or a start. */
export function RecentDecks() {
  const { t } = useTranslation('decks');
  const decks = useMyDecks();
  return (
    <section aria-labelledby="dash-decks" className="flex flex-col gap-3" data-testid="recent-decks">
      <div className="flex items-center justify-between gap-2">
        <h2 id="dash-decks" className="text-lg font-semibold">
          {t('recent.title')}
        </h2>
        {decks.data && decks.data.length > 0 && (
          <Link to="/mydecks" className="flex items-center gap-1 text-sm font-medium text-accent hover:underline">
            {t('recent.all')}
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Link>
        )}
      </div>
      {decks.isPending ? (
        <div className="grid gap-3 sm:grid-cols-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : decks.isError ? (
        <ErrorState title={t('myDecks.loadFailed')} onRetry={() => void decks.refetch()} />
      ) : decks.data.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed border-border p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm text-muted">
            <BookOpen className="h-5 w-5 shrink-0" aria-hidden />
            {t('recent.none')}
          </p>
          <Link to="/deck/new" className={buttonClass('primary', 'sm')}>
            <Plus className="h-4 w-4" aria-hidden />
            {t('actions.new')}
          </Link>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-3">
          {decks.data.slice(0, 3).map((d) => {
            const art = d.cover ?? d.leader;
            return (
              <li key={d.id}>
                <Link to={`/deck/${d.id}`} className="flex h-full gap-3 rounded-xl border border-border bg-surface p-3 transition-colors hover:border-accent/60">
                  <span className="w-12 shrink-0">{art ? <CardImage card={art} /> : <span className="block aspect-[600/838] rounded-[4.5%] border border-dashed border-border" />}</span>
                  <span className="flex min-w-0 flex-col gap-1">
                    <span className="truncate text-sm font-semibold">{d.name}</span>
                    <span className="truncate text-xs text-muted">{d.leader?.name ?? t('noLeader')}</span>
                    <span>
                      <ValidityBadge valid={d.valid} />
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
