import type { Card } from '@grandline/core/contracts/cards';
import type { DeckRow } from '@grandline/core/contracts/decks';
import { drawOpeningHand, expandRows, mulligan, probabilityByTurn, type OpeningHand } from '@grandline/core/decks/probability';
import { Shuffle } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardImage } from '@/components/card/card-image';
import { Button } from '@/components/ui/button';
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
        <table className="mt-3 w-full text-sm" data-testid="odds-table">
          <caption className="sr-only">{t('hand.oddsCaption', { copies, deck: deck.length })}</caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 text-left font-medium">{t('hand.turn')}</th>
              <th scope="col" className="py-1 text-right font-medium">{t('hand.first')}</th>
              <th scope="col" className="py-1 text-right font-medium">{t('hand.second')}</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {TURNS.map((turn) => (
              <tr key={turn} className="border-t border-border">
                <th scope="row" className="py-1 text-left font-normal">{turn}</th>
                <td className="py-1 text-right">{formatPercent(probabilityByTurn(deck.length, copies, turn, true))}</td>
                <td className="py-1 text-right">{formatPercent(probabilityByTurn(deck.length, copies, turn, false))}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-muted">{t('hand.oddsNote', { copies })}</p>
      </div>
    </div>
  );
}
