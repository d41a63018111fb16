import { productName } from '@grandline/core/set-code';
import type { Card } from '@grandline/core/contracts/cards';
import { cardSets, cards } from '../db/schema/index';

/** The columns of a card row joined with its set (cards left join card_sets): the search, the library index and sets read them. */
export const cardColumns = {
  id: cards.id,
  gameCategory: cards.gameCategory,
  cardNumber: cards.cardNumber,
  name: cards.name,
  cardType: cards.cardType,
  cost: cards.cost,
  power: cards.power,
  counter: cards.counter,
  life: cards.life,
  colors: cards.colors,
  attributes: cards.attributes,
  subtypes: cards.subtypes,
  cardText: cards.cardText,
  keywords: cards.keywords,
  rarity: cards.rarity,
  blockIcon: cards.blockIcon,
  rotationBlock: cards.rotationBlock,
  rotationSet: cards.rotationSet,
  isVariation: cards.isVariation,
  manual: cards.manual,
  variant: cards.variant,
  artworkUrl: cards.artworkUrl,
  setCode: cardSets.code,
  setName: cardSets.name,
  setSlug: cardSets.slug,
};

type CardRow = Omit<Card, 'set' | 'gameCategory' | 'cardType' | 'colors'> & {
  gameCategory: string;
  cardType: string;
  colors: string[];
  setCode: string | null;
  setName: string | null;
  setSlug: string | null;
};

export function toCard(row: CardRow): Card {
  const { setCode, setName, setSlug, ...card } = row;
  return {
    ...card,
    gameCategory: card.gameCategory as Card['gameCategory'],
    cardType: card.cardType as Card['cardType'],
    colors: card.colors as Card['colors'],
    set: setName && setSlug ? { code: setCode, name: productName(setName), slug: setSlug } : null,
  };
}
