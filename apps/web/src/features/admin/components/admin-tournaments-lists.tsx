import { TOURNAMENT_FORMATS, type TournamentAdminItem, type TournamentAdminResponse, type TournamentFormat, type TournamentGap } from '@grandline/core/contracts/tournaments';
import type { UseQueryResult } from '@tanstack/react-query';
import { CircleCheck, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useCorrectTournamentFormat } from '@/features/admin/api/tournaments-admin';
import { PriceSection, useDateFormats } from './admin-prices-shared';
import { tournamentErrorText } from './admin-tournaments-runs';

/** About the height of a few rows, or of the empty state: the page below stays put when they come. */
const Loading = () => <Skeleton className="h-60" aria-busy="true" />;

/** The card numbers of published lists that the library lacks, with their tournament and placing. */
export function AdminTournamentGaps({ query }: { query: UseQueryResult<TournamentAdminResponse> }) {
  const { t } = useTranslation(['admin', 'pages']);
  const columns: DataTableColumn<TournamentGap>[] = [
    { id: 'cardNumber', header: t('admin.tournaments.gaps.columns.cardNumber'), rowHeader: true, cellClassName: 'whitespace-nowrap font-mono', cell: (g) => g.cardNumber },
    { id: 'name', header: t('admin.tournaments.gaps.columns.name'), cellClassName: 'break-words', cell: (g) => g.name || <span className="text-muted">—</span> },
    { id: 'quantity', header: t('admin.tournaments.gaps.columns.quantity'), align: 'end', cellClassName: 'tabular-nums', cell: (g) => formatNumber(g.quantity) },
    { id: 'section', header: t('admin.tournaments.gaps.columns.section'), cell: (g) => t(`admin.tournaments.gaps.sections.${g.section}`, { defaultValue: g.section }) },
    { id: 'tournament', header: t('admin.tournaments.gaps.columns.tournament'), cellClassName: 'break-words', cell: (g) => g.tournamentName },
    { id: 'placing', header: t('admin.tournaments.gaps.columns.placing'), align: 'end', cellClassName: 'tabular-nums', cell: (g) => `#${formatNumber(g.placing)}` },
  ];
  return (
    <PriceSection id="admin-tournament-gaps" title={t('admin.tournaments.gaps.title')} lead={t('admin.tournaments.gaps.lead')} testId="admin-tournament-gaps">
      {query.isPending ? (
        <Loading />
      ) : query.data?.gaps.length === 0 ? (
        <EmptyState icon={<CircleCheck className="h-10 w-10" aria-hidden />} title={t('admin.tournaments.gaps.empty')}>
          {t('admin.tournaments.gaps.emptyHint')}
        </EmptyState>
      ) : query.data ? (
        <>
          <p className="text-sm text-muted" data-testid="tournament-gaps-count">
            {t('admin.tournaments.gaps.shown', { shown: query.data.gaps.length, total: query.data.gapsTotal })}
          </p>
          <DataTable
            className="max-h-[28rem] overflow-auto rounded-xl border border-border bg-surface"
            headClassName="sticky top-0"
            caption={t('admin.tournaments.gaps.caption')}
            columns={columns}
            rows={query.data.gaps}
            rowKey={(g) => `${g.tournamentId}:${g.placing}:${g.cardNumber}`}
            rowProps={() => ({ 'data-testid': 'tournament-gap-row' })}
            density="compact"
            phone="stack"
          />
        </>
      ) : null}
    </PriceSection>
  );
}

/** The newest tournaments, each with its format to correct (its lists follow; no later read changes it back). */
export function AdminTournamentList({ query }: { query: UseQueryResult<TournamentAdminResponse> }) {
  const { t } = useTranslation(['admin', 'pages', 'account']);
  const formats = useDateFormats();
  const correct = useCorrectTournamentFormat();
  const change = (item: TournamentAdminItem, format: TournamentFormat) => {
    if (format === item.format) return;
    const formatName = t(`admin.tournaments.list.formats.${format}`);
    correct.mutate(
      { id: item.id, format },
      {
        onSuccess: () => notify.success(t('admin.tournaments.list.changed', { name: item.name, format: formatName })),
        onError: (err) => notify.error(tournamentErrorText(t, err)),
      },
    );
  };
  const columns: DataTableColumn<TournamentAdminItem>[] = [
    {
      id: 'tournament',
      header: t('admin.tournaments.list.columns.tournament'),
      rowHeader: true,
      cellClassName: 'min-w-48 break-words',
      cell: (item) => (
        <>
          <div className="font-medium">{item.name}</div>
          <div className="text-xs text-muted">{t(`admin.tournaments.runs.sources.${item.source}`, { defaultValue: item.source })}</div>
        </>
      ),
    },
    { id: 'date', header: t('admin.tournaments.list.columns.date'), cellClassName: 'whitespace-nowrap tabular-nums', cell: (item) => formats.day(item.date) },
    { id: 'players', header: t('admin.tournaments.list.columns.players'), align: 'end', cellClassName: 'tabular-nums', cell: (item) => formatNumber(item.players) },
    { id: 'lists', header: t('admin.tournaments.list.columns.lists'), align: 'end', cellClassName: 'tabular-nums', cell: (item) => formatNumber(item.lists) },
    {
      id: 'format',
      header: t('admin.tournaments.list.columns.format'),
      cell: (item) => (
        <div className="flex flex-wrap items-center gap-2">
          <Select
            label={t('admin.tournaments.list.formatFor', { name: item.name })}
            value={item.format}
            compact
            className="min-w-32"
            disabled={correct.isPending}
            onValueChange={(v) => change(item, v as TournamentFormat)}
            options={TOURNAMENT_FORMATS.map((f) => ({ value: f, label: t(`admin.tournaments.list.formats.${f}`) }))}
          />
          {item.formatByAdmin && (
            <Badge className="whitespace-nowrap text-muted" data-testid="tournament-format-by-admin">
              {t('admin.tournaments.list.byAdmin')}
            </Badge>
          )}
        </div>
      ),
    },
  ];
  return (
    <PriceSection id="admin-tournament-list" title={t('admin.tournaments.list.title')} lead={t('admin.tournaments.list.lead')} testId="admin-tournament-list">
      {query.isPending ? (
        <Loading />
      ) : query.data?.tournaments.length === 0 ? (
        <EmptyState icon={<Trophy className="h-10 w-10" aria-hidden />} title={t('admin.tournaments.list.empty')}>
          {t('admin.tournaments.list.emptyHint')}
        </EmptyState>
      ) : query.data ? (
        <DataTable
          className="overflow-x-auto rounded-xl border border-border bg-surface"
          caption={t('admin.tournaments.list.caption')}
          columns={columns}
          rows={query.data.tournaments}
          rowKey={(item) => item.id}
          rowProps={(item) => ({ 'data-testid': 'tournament-row', 'data-id': item.id })}
          phone="stack"
        />
      ) : null}
    </PriceSection>
  );
}
