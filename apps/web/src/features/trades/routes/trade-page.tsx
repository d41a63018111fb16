import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { buttonClass } from '@/components/ui/button';
import { DetailState, PageSkeleton } from '@/components/ui/query-states';
import { queryClient } from '@/lib/query-client';
import { tradeQuery } from '@/features/trades/api/trades-api';
import { ProposalCard } from '@/features/trades/components/proposal-card';
import { otherParty } from '@/features/trades/utils/match-filters';

/** Trade ids are UUIDs: anything else is not found without asking. */
const TRADE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const loader = ({ params }: LoaderFunctionArgs) => {
  if (TRADE_ID.test(params.id ?? '')) void queryClient.prefetchQuery(tradeQuery(params.id!));
  return null;
};

/**
 * One trade (/trades/{id}): where its notifications, e-mails and push messages lead. The same card as in the
 * proposals list, with what I may do now; a trade that is not mine (or does not exist) is "not found".
 */
export function TradePage() {
  const { t } = useTranslation('trades');
  const { id = '' } = useParams();
  const valid = TRADE_ID.test(id);
  const trade = useQuery({ ...tradeQuery(id), enabled: valid });
  const back = (
    <Link to="/trades?tab=proposals" className={buttonClass('ghost', 'sm', 'mb-4 -ml-2')} data-testid="trade-back">
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {t('detail.back')}
    </Link>
  );
  if (!trade.data) {
    return (
      <div>
        <PageTitle title={t('title')} />
        <DetailState
          query={trade}
          missing={!valid}
          back={back}
          loading={
            <>
              {back}
              <PageSkeleton blocks={['h-8 w-64', 'h-72']} />
            </>
          }
          notFound={{ title: t('detail.notFound'), hint: t('detail.notFoundHint') }}
          failedTitle={t('detail.failed')}
        />
      </div>
    );
  }
  const other = otherParty(trade.data);
  const title = t('detail.title', { name: other.displayName?.trim() || `@${other.username}` });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col" data-testid="trade-page">
      <PageTitle title={title} />
      {back}
      <h1 className="mb-4 text-2xl font-bold">{title}</h1>
      <ProposalCard trade={trade.data} />
    </div>
  );
}
