import type { Standing } from '@grandline/core/contracts/tournaments';
import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { recordText } from '@/features/meta/meta-figures';
import { leaderPath } from '@/features/meta/meta-view';

/** A tournament's standings: placing, record, the leader (a link to its page) and the published list. No player is named. */
export function StandingsTable({ standings }: { standings: Standing[] }) {
  const { t, i18n } = useTranslation('meta');
  const columns: DataTableColumn<Standing>[] = [
    { id: 'placing', header: t('columns.placing'), numeric: true, headerClassName: 'w-px', cellClassName: 'font-semibold', cell: (s) => t('placing', { placing: s.placing }) },
    { id: 'record', header: t('columns.record'), numeric: true, headerClassName: 'w-px', cell: (s) => recordText(s.record, i18n.resolvedLanguage) },
    {
      id: 'leader',
      header: t('columns.leader'),
      rowHeader: true,
      headerClassName: 'w-full',
      cell: (s) => (
        <span className="min-w-0 max-sm:text-right">
          <Link to={leaderPath(s.leader.cardNumber)} className="font-medium hover:underline">
            {s.leader.name}
          </Link>{' '}
          <span className="font-mono text-xs text-muted">{s.leader.cardNumber}</span>
          {s.unmatched > 0 && <span className="block text-xs text-muted">{t('standings.unmatched', { count: s.unmatched })}</span>}
        </span>
      ),
    },
    {
      id: 'list',
      header: <span className="sr-only">{t('columns.list')}</span>,
      label: t('columns.list'),
      align: 'end',
      cell: (s) => (
        <Link
          to={`/deck/${encodeURIComponent(s.deckId)}`}
          className={buttonClass('ghost', 'sm')}
          aria-label={t('standings.openLabel', { placing: s.placing, leader: s.leader.name })}
          data-testid="standing-list-link"
        >
          <ExternalLink className="h-4 w-4" aria-hidden />
          {t('lists.open')}
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('standings.caption')}
      columns={columns}
      rows={standings}
      rowKey={(s) => String(s.placing)}
      rowProps={(s) => ({ 'data-testid': 'standing-row', 'data-placing': s.placing })}
      empty={t('standings.none')}
      testId="standings"
    />
  );
}
