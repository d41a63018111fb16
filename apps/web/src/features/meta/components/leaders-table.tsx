import type { MetaLeader } from '@grandline/core/contracts/tournaments';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { formatNumber } from '@/lib/format';
import { leaderRecord, percentText, recordText } from '@/features/meta/meta-figures';
import { leaderPath, type MetaView } from '@/features/meta/meta-view';
import { LeaderThumb } from './leader-thumb';
import { TrendSparkline } from './trend-sparkline';

/**
 * Every leader of the window: picture, name and number (a link to its page), decks, share, record, win rate, best
 * placing and its weekly trend; sortable by the figures; a card per leader on phones.
 */
export function LeadersTable({ leaders, view }: { leaders: MetaLeader[]; view: MetaView }) {
  const { t, i18n } = useTranslation('meta');
  const language = i18n.resolvedLanguage;
  const columns: DataTableColumn<MetaLeader>[] = [
    {
      id: 'leader',
      header: t('columns.leader'),
      rowHeader: true,
      headerClassName: 'w-full',
      cell: (l, i) => (
        <span className="flex min-w-0 items-center gap-3 max-sm:w-full max-sm:text-left">
          <LeaderThumb cardId={l.cardId} name={l.name} cardNumber={l.cardNumber} className="w-9" sizes="40px" eager={i < 6} />
          <span className="min-w-0">
            <Link to={leaderPath(l.cardNumber, view)} className="line-clamp-2 font-medium hover:underline" data-testid="meta-leader-link">
              {l.name}
            </Link>
            <span className="block font-mono text-xs text-muted">{l.cardNumber}</span>
          </span>
        </span>
      ),
    },
    { id: 'decks', header: t('columns.decks'), numeric: true, firstDirection: 'desc', sortValue: (l) => l.decks, cell: (l) => formatNumber(l.decks, language) },
    {
      id: 'share',
      header: t('columns.share'),
      numeric: true,
      firstDirection: 'desc',
      sortValue: (l) => l.share,
      cellClassName: 'font-semibold',
      cell: (l) => percentText(l.share, language),
    },
    { id: 'record', header: t('columns.record'), numeric: true, cell: (l) => recordText(leaderRecord(l), language) },
    { id: 'winRate', header: t('columns.winRate'), numeric: true, firstDirection: 'desc', sortValue: (l) => l.winRate, cell: (l) => percentText(l.winRate, language) },
    { id: 'best', header: t('columns.best'), numeric: true, sortValue: (l) => l.bestPlacing, cell: (l) => t('placing', { placing: l.bestPlacing }) },
    { id: 'trend', header: t('columns.trend'), align: 'end', cell: (l) => <TrendSparkline weeks={l.weeks} /> },
  ];
  return (
    <>
      <DataTable
        className="overflow-x-auto rounded-xl border border-border bg-surface max-sm:hidden"
        caption={t('table.caption')}
        columns={columns}
        rows={leaders}
        rowKey={(l) => l.cardNumber}
        rowProps={(l) => ({ 'data-testid': 'meta-leader-row', 'data-card-number': l.cardNumber })}
        testId="meta-leaders"
      />
      <LeadersList leaders={leaders} view={view} />
    </>
  );
}

/**
 * The same leaders on a phone, one line each (a card of labelled values per leader made the page 6,000 px long):
 * picture, name and number, decks · record · win rate, then the share and the trend.
 */
function LeadersList({ leaders, view }: { leaders: MetaLeader[]; view: MetaView }) {
  const { t, i18n } = useTranslation('meta');
  const language = i18n.resolvedLanguage;
  return (
    <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface sm:hidden" aria-label={t('table.caption')} data-testid="meta-leaders-list">
      {leaders.map((l, i) => (
        <li key={l.cardNumber} className="flex items-center gap-3 px-3 py-2.5" data-testid="meta-leader-item" data-card-number={l.cardNumber}>
          <LeaderThumb cardId={l.cardId} name={l.name} cardNumber={l.cardNumber} className="w-8" sizes="32px" eager={i < 6} />
          <span className="min-w-0 flex-1">
            <Link to={leaderPath(l.cardNumber, view)} className="block truncate text-sm font-medium hover:underline">
              {l.name} <span className="font-mono text-xs font-normal text-muted">{l.cardNumber}</span>
            </Link>
            <span className="block truncate text-xs text-muted">
              {t('list.figures', { count: l.decks, record: recordText(leaderRecord(l), language), winRate: percentText(l.winRate, language) })}
            </span>
          </span>
          <span className="flex shrink-0 flex-col items-end gap-0.5">
            <span className="text-sm font-semibold tabular-nums">{percentText(l.share, language)}</span>
            <TrendSparkline weeks={l.weeks} />
          </span>
        </li>
      ))}
    </ul>
  );
}
