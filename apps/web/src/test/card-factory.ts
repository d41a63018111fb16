import type { Card } from '@grandline/core/contracts/cards';

/** A maker of library cards for unit tests: a red 2-cost Character of block 3 unless `over` says otherwise; ids count up from `firstId`. */
export function cardFactory(firstId = 1) {
  let nextId = firstId;
  return (cardNumber: string, over: Partial<Card> = {}): Card =>
    ({
      id: nextId++,
      gameCategory: 'onepiece',
      cardNumber,
      name: cardNumber,
      cardType: 'Character',
      cost: 2,
      power: 3000,
      counter: 1000,
      life: null,
      colors: ['Red'],
      attributes: [],
      subtypes: [],
      cardText: null,
      keywords: [],
      rarity: 'C',
      blockIcon: '3',
      isVariation: false,
      manual: false,
      variant: null,
      artworkUrl: null,
      set: null,
      ...over,
    }) as Card;
}
