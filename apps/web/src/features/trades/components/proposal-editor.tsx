import { MAX_TRADE_NOTE, type MatchCard, type TradeMatch, type TradeParty } from '@grandline/core/contracts/trades';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, FormMessage, TextArea } from '@/components/ui/form';
import { Modal } from '@/components/ui/modal';
import { notify } from '@/lib/toast';
import { tradesApi } from '@/features/trades/api/trades-api';
import { clampQuantity, pickAll, pickedValue, pickLines, type Picks } from '@/features/trades/utils/match-filters';
import { tradeErrorText } from '@/features/trades/utils/trade-errors';
import { PartyLine } from './party-line';
import { tradeMoney } from './trade-money';

/** One side of the editor: each available card with its quantity (0 leaves it out, at most what is available). */
function SideEditor({ title, side, cards, picks, onChange, currency }: {
  title: string;
  side: 'give' | 'get';
  cards: MatchCard[];
  picks: Picks;
  onChange: (picks: Picks) => void;
  currency: CurrencyCode;
}) {
  const { t } = useTranslation('trades');
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" data-testid={`editor-${side}`}>
      <legend className="mb-1 text-sm font-semibold">{title}</legend>
      {cards.length === 0 && <p className="text-sm text-muted">{t('lines.none')}</p>}
      {cards.map((c) => (
        <label key={c.cardId} className="flex min-w-0 items-center gap-2 text-sm">
          <input
            type="number"
            inputMode="numeric"
            min={0}
            max={c.quantity}
            value={picks[c.cardId] ?? 0}
            onChange={(e) => onChange({ ...picks, [c.cardId]: clampQuantity(Number(e.target.value), c.quantity) })}
            aria-label={t('editor.quantityOf', { name: c.name, number: c.cardNumber })}
            className="h-9 w-14 shrink-0 rounded-md border border-border bg-surface px-2 tabular-nums"
          />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{c.name}</span>
            <span className="block text-xs text-muted">
              {c.cardNumber}
              {c.variant ? ` · ${c.variant}` : ''} · {t('editor.available', { count: c.quantity })}
            </span>
          </span>
          <span className="shrink-0 tabular-nums text-muted">{tradeMoney(c.value, currency)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** What a proposal starts from: a match (both sides preselected), or only a user (a profile's "Propose a trade"). */
export type ProposalStart = { user: TradeParty; match: TradeMatch | null };

/** The proposal editor: both sides' quantities, their values in my currency and the difference, a note, send. */
export function ProposalEditor({ start, currency, onClose, onSent }: { start: ProposalStart; currency: CurrencyCode; onClose: () => void; onSent?: () => void }) {
  const { t } = useTranslation('trades');
  const give = start.match?.youHave ?? [];
  const get = start.match?.theyHave ?? [];
  const [givePicks, setGive] = useState<Picks>(() => pickAll(give));
  const [getPicks, setGet] = useState<Picks>(() => pickAll(get));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const giveValue = pickedValue(give, givePicks);
  const getValue = pickedValue(get, getPicks);
  const diff = getValue - giveValue;

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await tradesApi.propose({ to: start.user.username, give: pickLines(givePicks), get: pickLines(getPicks), note: note.trim() || null });
      notify.success(t('editor.sent'));
      onSent?.();
      onClose();
    } catch (err) {
      setError(tradeErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('editor.title')}
      closeLabel={t('actions.close')}
      size="lg"
      testId="proposal-editor"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button onClick={send} disabled={busy} data-testid="send-proposal">
            {t('editor.send')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <PartyLine user={start.user} />
        {!start.match && <p className="text-sm text-muted">{t('editor.noMatch')}</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          <SideEditor title={t('editor.youGive')} side="give" cards={give} picks={givePicks} onChange={setGive} currency={currency} />
          <SideEditor title={t('editor.youGet')} side="get" cards={get} picks={getPicks} onChange={setGet} currency={currency} />
        </div>
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-surface-2 p-3 text-sm" data-testid="proposal-values">
          <dt>{t('editor.giveValue')}</dt>
          <dd className="text-right tabular-nums">{tradeMoney(giveValue, currency)}</dd>
          <dt>{t('editor.getValue')}</dt>
          <dd className="text-right tabular-nums">{tradeMoney(getValue, currency)}</dd>
          <dt className="font-semibold">{t('editor.difference')}</dt>
          <dd className="text-right font-semibold tabular-nums">
            {diff === 0 ? t('editor.even') : t(diff > 0 ? 'editor.inYourFavour' : 'editor.inTheirFavour', { amount: tradeMoney(Math.abs(diff), currency) })}
          </dd>
        </dl>
        <Field id="trade-note" label={t('editor.note')} hint={t('editor.noteHint')}>
          <TextArea id="trade-note" value={note} maxLength={MAX_TRADE_NOTE} rows={3} onChange={(e) => setNote(e.target.value)} />
        </Field>
        {error && <FormMessage>{error}</FormMessage>}
      </div>
    </Modal>
  );
}
