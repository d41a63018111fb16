import { regulationOn, today, type DeckFormat } from './formats';
import { inForceOn, type RegulationEntry } from './regulations';
import { blockNumber, type DeckCard } from './validate';

export const CARD_LEGALITY_STATUSES = ['legal', 'banned', 'restricted', 'rotated'] as const;
type CardLegalityStatus = (typeof CARD_LEGALITY_STATUSES)[number];

/** A card number's standing in a format on a day, with the rule behind it. */
export interface CardLegality {
  status: CardLegalityStatus;
  /** Banned or restricted: the first day of the entry in force; rotated: the day of the rotation. */
  since: string | null;
  /** Banned or restricted: the page that announced it. */
  source: string | null;
  /** Rotated: the lowest block still legal. */
  minBlock: number | null;
  /** Banned pairs in force with this card: legal alone, never in one deck with the other card. */
  pairs: { cardNumber: string; since: string; source: string }[];
}

/**
 * One card number judged alone, as a deck of it would be (card-text clauses and copies aside): banned, restricted
 * to 1 copy, rotated out (Standard, by the number's newest block), or legal; and the banned pairs it is part of.
 */
export function cardLegality(
  card: Pick<DeckCard, 'cardNumber' | 'blockIcon' | 'rotationBlock'>,
  format: DeckFormat,
  { day = today(), regulations = format.regulations }: { day?: string; regulations?: readonly RegulationEntry[] } = {},
): CardLegality {
  const inForce = regulations.filter((e) => inForceOn(e, day) && (e.cardNumber === card.cardNumber || e.pairedWith === card.cardNumber));
  const pairs = inForce
    .filter((e) => e.kind === 'pair')
    .map((e) => ({ cardNumber: e.cardNumber === card.cardNumber ? e.pairedWith! : e.cardNumber, since: e.from, source: e.source }));
  const of = (kind: 'banned' | 'restricted') => inForce.find((e) => e.kind === kind && e.cardNumber === card.cardNumber);
  const entry = of('banned') ?? of('restricted');
  if (entry) return { status: entry.kind === 'banned' ? 'banned' : 'restricted', since: entry.from, source: entry.source, minBlock: null, pairs };
  const { minBlock, rotationEffective } = regulationOn(format, day, regulations);
  const block = blockNumber(card.rotationBlock === undefined ? card.blockIcon : card.rotationBlock);
  if (minBlock !== null && block !== null && block < minBlock) return { status: 'rotated', since: rotationEffective, source: null, minBlock, pairs };
  return { status: 'legal', since: null, source: null, minBlock: null, pairs };
}
