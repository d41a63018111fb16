import type { Trade, TradeMatch } from '@grandline/core/contracts/trades';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, ErrorState } from '@/components/ui/query-states';
import { tabList, tabTrigger } from '@/components/ui/styles';
import { Tabs } from '@/components/ui/tabs';
import { usePreferences } from '@/lib/preferences';
import { queryClient } from '@/lib/query-client';
import { storedPriceParams } from '@/lib/price-params';
import { tradeMatchesQuery, tradesQuery, tradingSettingsQuery, useTradeMatches, useTrades } from '@/features/trades/api/trades-api';
import { MatchCard } from '@/features/trades/components/match-card';
import { MatchFiltersBar } from '@/features/trades/components/match-filters-bar';
import { ProposalCard } from '@/features/trades/components/proposal-card';
import { ProposalEditor, type ProposalStart } from '@/features/trades/components/proposal-editor';
import { TradesEmpty } from '@/features/trades/components/trades-empty';
import { TradingSettingsPanel } from '@/features/trades/components/trading-settings-panel';
import { filterMatches, matchCountries, NO_FILTERS, type MatchFilters } from '@/features/trades/utils/match-filters';

export const loader = () => {
  void queryClient.prefetchQuery(tradeMatchesQuery(storedPriceParams().currency));
  void queryClient.prefetchQuery(tradesQuery());
  void queryClient.prefetchQuery(tradingSettingsQuery());
  return null;
};

function MatchesTab({ onPropose }: { onPropose: (match: TradeMatch) => void }) {
  const { t } = useTranslation('trades');
  const { currency } = usePreferences();
  const matches = useTradeMatches(currency);
  const [filters, setFilters] = useState<MatchFilters>(NO_FILTERS);
  if (matches.isPending) return <PageSkeleton blocks={['h-10 w-full', 'h-48 w-full', 'h-48 w-full']} />;
  if (matches.isError) return <ErrorState title={t('matches.failed')} onRetry={() => void matches.refetch()} />;
  const items = matches.data.items;
  if (items.length === 0) return <TradesEmpty title={t(matches.data.open ? 'empty.noMatches' : 'empty.notOpen')} />;
  const shown = filterMatches(items, filters);
  return (
    <div className="flex flex-col gap-4">
      <MatchFiltersBar filters={filters} onChange={setFilters} countries={matchCountries(items)} />
      <p className="text-sm text-muted" aria-live="polite">
        {t('matches.count', { count: shown.length })}
      </p>
      {shown.map((m) => (
        <MatchCard key={m.user.username} match={m} currency={currency} onPropose={onPropose} />
      ))}
    </div>
  );
}

function ProposalsTab() {
  const { t } = useTranslation('trades');
  const trades = useTrades();
  if (trades.isPending) return <PageSkeleton blocks={['h-40 w-full', 'h-40 w-full']} />;
  if (trades.isError) return <ErrorState title={t('proposals.failed')} onRetry={() => void trades.refetch()} />;
  const items = trades.data.items;
  if (items.length === 0) return <TradesEmpty title={t('empty.noProposals')} />;
  const incoming = items.filter((tr) => !tr.mine);
  const outgoing = items.filter((tr) => tr.mine);
  return (
    <div className="flex flex-col gap-6">
      <ProposalList kind="in" items={incoming} />
      <ProposalList kind="out" items={outgoing} />
    </div>
  );
}

function ProposalList({ kind, items }: { kind: 'in' | 'out'; items: Trade[] }) {
  const { t } = useTranslation('trades');
  return (
    <section className="flex flex-col gap-3" data-testid={`proposals-${kind}`}>
      <h2 className="text-lg font-semibold">{t(`proposals.${kind}`, { count: items.length })}</h2>
      {items.length === 0 ? <p className="text-sm text-muted">{t('proposals.none')}</p> : items.map((tr) => <ProposalCard key={tr.id} trade={tr} />)}
    </section>
  );
}

/** /trades: my matches, my proposals in and out, the opt-in, and the proposal editor. */
export function TradesPage() {
  const { t } = useTranslation('trades');
  const { currency } = usePreferences();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'proposals' ? 'proposals' : 'matches';
  const [start, setStart] = useState<ProposalStart | null>(null);
  return (
    <div className="flex flex-col gap-5">
      <PageTitle title={t('title')} />
      <PageHeader title={t('title')} description={t('lead')} />
      <div className="rounded-xl border border-border bg-surface p-4">
        <TradingSettingsPanel compact />
      </div>
      <Tabs.Root value={tab} onValueChange={(v) => setParams(v === 'matches' ? {} : { tab: v }, { replace: true })}>
        <Tabs.List aria-label={t('title')} className={`mb-4 ${tabList}`}>
          <Tabs.Trigger value="matches" className={tabTrigger} data-testid="tab-matches">
            {t('tabs.matches')}
          </Tabs.Trigger>
          <Tabs.Trigger value="proposals" className={tabTrigger} data-testid="tab-proposals">
            {t('tabs.proposals')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="matches">
          <MatchesTab onPropose={(match) => setStart({ user: match.user, match })} />
        </Tabs.Content>
        <Tabs.Content value="proposals">
          <ProposalsTab />
        </Tabs.Content>
      </Tabs.Root>
      {start && <ProposalEditor start={start} currency={currency} onClose={() => setStart(null)} onSent={() => setParams({ tab: 'proposals' }, { replace: true })} />}
    </div>
  );
}
