import { DECK_FORMATS } from '@grandline/core/decks/formats';
import { validateDeck, type DeckCard, type DeckEntry } from '@grandline/core/decks/validate';

/** A legal 50-card Standard deck shaped like a real one: a two-color Leader, 13 numbers, parallels mixed in. */
function sampleDeck() {
  const leader: DeckCard = { cardNumber: 'OP09-061', name: 'Monkey.D.Luffy', cardType: 'Leader', colors: ['Purple', 'Black'], blockIcon: '3' };
  const cards: DeckEntry[] = [];
  for (let i = 0; i < 12; i++) {
    const card: DeckCard = {
      cardNumber: `OP09-${String(62 + i).padStart(3, '0')}`,
      name: `Card ${i}`,
      cardType: i % 5 === 4 ? 'Event' : 'Character',
      colors: [i % 2 ? 'Purple' : 'Black'],
      blockIcon: i % 3 ? '3' : '2',
    };
    // Some numbers are split between the base print and a parallel, as collectors' decks are.
    if (i % 4 === 0) cards.push({ card, quantity: 2 }, { card: { ...card, name: `${card.name} (parallel)` }, quantity: 2 });
    else cards.push({ card, quantity: 4 });
  }
  cards.push({ card: { cardNumber: 'OP09-080', name: 'Stage', cardType: 'Stage', colors: ['Black'], blockIcon: '3' }, quantity: 2 });
  return { name: 'Bench deck', leader, cards };
}

/** Decks validated per second on this thread (one core), over about `seconds`. */
export function deckValidationRate(seconds = 2) {
  const deck = sampleDeck();
  const format = DECK_FORMATS.onepiece.standard!;
  const day = '2026-11-22';
  const first = validateDeck(deck, format, { day });
  if (!first.valid || first.mainCount !== 50) throw new Error(`bench deck is not legal: ${JSON.stringify(first.errors)}`);
  for (let i = 0; i < 20_000; i++) validateDeck(deck, format, { day }); // warm-up
  let count = 0;
  const start = process.hrtime.bigint();
  const end = start + BigInt(Math.round(seconds * 1e9));
  let now = start;
  while (now < end) {
    for (let i = 0; i < 1000; i++) validateDeck(deck, format, { day });
    count += 1000;
    now = process.hrtime.bigint();
  }
  return { decksPerSecond: Math.round(count / (Number(now - start) / 1e9)), cards: 50 };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(deckValidationRate());
