import type { MetaList } from '@grandline/core/contracts/tournaments';
import { ExternalLink, Hammer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { formatDay } from '@/lib/format';
import { recordText } from '@/features/meta/meta-figures';

/**
 * The leader's lists by placing (best first): the tournament (a link to its page), its day and players, the placing and
 * record, a link to the list, and "Build it", which shows what finishing that list costs the user.
 */
export function LeaderLists({ lists, chosen, onChoose }: { lists: MetaList[]; chosen: string | null; onChoose: (deckId: string) => void }) {
  const { t, i18n } = useTranslation('meta');
  const language = i18n.resolvedLanguage;
  const columns: DataTableColumn<MetaList>[] = [
    { id: 'placing', header: t('columns.placing'), numeric: true, headerClassName: 'w-px', cellClassName: 'font-semibold', cell: (l) => t('placing', { placing: l.placing }) },
    {
      id: 'tournament',
      header: t('columns.tournament'),
      rowHeader: true,
      headerClassName: 'w-full',
      cell: (l) => (
        <span className="min-w-0 max-sm:text-right">
          <Link to={`/meta/tournaments/${encodeURIComponent(l.tournamentId)}`} className="line-clamp-3 font-medium hover:underline [overflow-wrap:anywhere]">
            {l.tournamentName}
          </Link>
          <span className="block text-xs text-muted">
            {formatDay(l.date, { dateStyle: 'medium' }, language)} · {t('tournament.players', { count: l.players })}
          </span>
        </span>
      ),
    },
    { id: 'record', header: t('columns.record'), numeric: true, cell: (l) => recordText(l.record, language) },
    {
      id: 'actions',
      header: <span className="sr-only">{t('columns.actions')}</span>,
      label: t('columns.actions'),
      align: 'end',
      cellClassName: 'whitespace-nowrap',
      cell: (l) => (
        <span className="inline-flex items-center justify-end gap-2">
          <Link to={`/deck/${encodeURIComponent(l.deckId)}`} className={buttonClass('ghost', 'sm')} aria-label={t('lists.openLabel', { placing: l.placing, tournament: l.tournamentName })}>
            <ExternalLink className="h-4 w-4" aria-hidden />
            {t('lists.open')}
          </Link>
          <Button
            variant={chosen === l.deckId ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={chosen === l.deckId}
            onClick={() => onChoose(l.deckId)}
            aria-label={t('lists.buildLabel', { placing: l.placing, tournament: l.tournamentName })}
            data-testid="meta-build-list"
          >
            <Hammer className="h-4 w-4" aria-hidden />
            {t('lists.build')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('lists.caption')}
      columns={columns}
      rows={lists}
      rowKey={(l) => l.deckId}
      rowProps={(l) => ({ 'data-testid': 'meta-list-row', 'data-deck-id': l.deckId, className: chosen === l.deckId ? 'bg-accent/5' : undefined })}
      empty={t('lists.none')}
      testId="meta-lists"
    />
  );
}
