import type { Card } from '@grandline/core/contracts/cards';
import type { DeckRow } from '@grandline/core/contracts/decks';
import { drawOpeningHand, expandRows, mulligan, probabilityByTurn, type OpeningHand } from '@grandline/core/decks/probability';
import { Shuffle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Select } from '@/components/ui/select';
import { formatPercent } from '@/lib/format';

const TURNS = [1, 2, 3, 4, 5];

/**
 * Opening hands: draw 5 at random, take the one mulligan; and the exact (hypergeometric) chance to see at least
 * one copy of a chosen card by each turn, going first and second.
 */
export function OpeningHandPanel({ rows }: { rows: readonly DeckRow[] }) {
  const { t } = useTranslation('decks');
  const id = useId();
  const deck = expandRows(rows);
  const [hand, setHand] = useState<OpeningHand<Card> | null>(null);
  const numbers = [...new Map(rows.map((r) => [r.card.cardNumber, r.card])).values()];
  const [chosen, setChosen] = useState<string>(numbers[0]?.cardNumber ?? '');
  if (deck.length < 5) return <p className="text-sm text-muted">{t('hand.needCards')}</p>;
  const copies = rows.filter((r) => r.card.cardNumber === chosen).reduce((n, r) => n + r.quantity, 0);
  return (
    <div className="flex flex-col gap-4" data-testid="opening-hand">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setHand(drawOpeningHand(deck))} data-testid="draw-hand">
          <Shuffle className="h-4 w-4" aria-hidden />
          {t('hand.draw')}
        </Button>
        <Button variant="outline" disabled={!hand || hand.mulliganed} onClick={() => hand && setHand(mulligan(hand))}>
          {t('hand.mulligan')}
        </Button>
      </div>
      {hand && (
        <div>
          <p className="mb-2 text-xs text-muted">{hand.mulliganed ? t('hand.afterMulligan') : t('hand.opening')}</p>
          <ul className="grid grid-cols-5 gap-2" data-testid="hand-cards">
            {hand.hand.map((c, i) => (
              <li key={`${c.id}-${i}`} title={c.name}>
                <CardImage card={c} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="rounded-xl border border-border bg-surface p-3">
        <label htmlFor={id} className="mb-2 block text-sm font-medium">
          {t('hand.oddsFor')}
        </label>
        <Select id={id} label={t('hand.oddsFor')} value={chosen} onValueChange={setChosen} options={numbers.map((c) => ({ value: c.cardNumber, label: `${c.name} (${c.cardNumber})` }))} className="w-full" />
        <DataTable
          className="mt-3 overflow-x-auto rounded-lg border border-border"
          tableTestId="odds-table"
          caption={t('hand.oddsCaption', { copies, deck: deck.length })}
          columns={[
            { id: 'turn', header: t('hand.turn'), rowHeader: true, numeric: true, align: 'start', cell: (turn) => turn },
            { id: 'first', header: t('hand.first'), numeric: true, cell: (turn) => formatPercent(probabilityByTurn(deck.length, copies, turn, true)) },
            { id: 'second', header: t('hand.second'), numeric: true, cell: (turn) => formatPercent(probabilityByTurn(deck.length, copies, turn, false)) },
          ]}
          rows={TURNS}
          rowKey={(turn) => turn}
          phone="scroll"
        />
        <p className="mt-2 text-xs text-muted">{t('hand.oddsNote', { copies })}</p>
      </div>
    </div>
  );
}
