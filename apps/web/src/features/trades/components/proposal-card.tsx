import type { Trade } from '@grandline/core/contracts/trades';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/toast';
import { useMyBinders } from '@/features/binders/api/binders-api';
import { tradesApi, type TradeAction } from '@/features/trades/api/trades-api';
import { otherParty, tradeActions } from '@/features/trades/utils/match-filters';
import { tradeErrorText } from '@/features/trades/utils/trade-errors';
import { CardLines } from './card-lines';
import { PartyLine } from './party-line';

const STATUS_TONE: Record<Trade['status'], string> = {
  proposed: 'border-accent/40 bg-accent/15 text-accent',
  accepted: 'border-success/40 bg-success/15 text-success',
  completed: 'border-success/40 bg-success/15 text-success',
  declined: 'text-muted',
  cancelled: 'text-muted',
};

/** Where my received copies go: my binders, the first Personal one chosen (the server's default too). */
function BinderChoice({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation('trades');
  const binders = useMyBinders().data ?? [];
  const options = [{ value: '', label: t('detail.defaultBinder') }, ...binders.filter((b) => b.category !== 'wishlist').map((b) => ({ value: b.id, label: b.name }))];
  return <Select value={value} onValueChange={onChange} options={options} label={t('detail.binder')} className="w-full sm:w-64" />;
}

/** A proposal, in or out: both parties' cards, its status, and what I may do with it now. */
export function ProposalCard({ trade }: { trade: Trade }) {
  const { t, i18n } = useTranslation('trades');
  const [binderId, setBinderId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const can = tradeActions(trade);
  const other = otherParty(trade);
  const mineReceived = trade.mine ? trade.proposerReceived : trade.recipientReceived;
  const theirsReceived = trade.mine ? trade.recipientReceived : trade.proposerReceived;

  const act = async (action: TradeAction) => {
    setBusy(true);
    setError(null);
    try {
      const next = await tradesApi.act(trade.id, action, action === 'complete' && binderId ? { binderId } : undefined);
      notify.success(t(`detail.done.${action === 'complete' && next.status === 'completed' ? 'completed' : action}`));
    } catch (err) {
      setError(tradeErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4" data-testid="trade-proposal" data-status={trade.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PartyLine user={other} />
        <div className="flex items-center gap-2">
          <span className="text-xs text-muted">{t(trade.mine ? 'proposals.sent' : 'proposals.received')}</span>
          <Badge className={cn(STATUS_TONE[trade.status])} data-testid="trade-status">
            {t(`status.${trade.status}`)}
          </Badge>
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <CardLines title={t('detail.youGive')} cards={trade.mine ? trade.give : trade.get} />
        <CardLines title={t('detail.youGet')} cards={trade.mine ? trade.get : trade.give} />
      </div>
      {trade.note && <p className="whitespace-pre-line rounded-lg bg-surface-2 p-3 text-sm">{trade.note}</p>}
      <p className="text-xs text-muted">
        {t('detail.created', { date: formatDate(trade.createdAt, { dateStyle: 'medium' }, i18n.language) })}
        {trade.status === 'accepted' && ` · ${t(mineReceived ? 'detail.youReceived' : 'detail.youNotReceived')} · ${t(theirsReceived ? 'detail.theyReceived' : 'detail.theyNotReceived')}`}
      </p>
      {can.complete && (
        <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
          <p className="text-sm">{t('detail.completeHint')}</p>
          <BinderChoice value={binderId} onChange={setBinderId} />
        </div>
      )}
      {error && <FormMessage>{error}</FormMessage>}
      {(can.accept || can.decline || can.cancel || can.complete) && (
        <div className="flex flex-wrap justify-end gap-2">
          {can.cancel && (
            <Button variant="danger" size="sm" disabled={busy} onClick={() => act('cancel')} data-testid="trade-cancel">
              {t('actions.cancel')}
            </Button>
          )}
          {can.decline && (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => act('decline')} data-testid="trade-decline">
              {t('actions.decline')}
            </Button>
          )}
          {can.accept && (
            <Button size="sm" disabled={busy} onClick={() => act('accept')} data-testid="trade-accept">
              {t('actions.accept')}
            </Button>
          )}
          {can.complete && (
            <Button size="sm" disabled={busy} onClick={() => act('complete')} data-testid="trade-complete">
              {t('actions.received')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
