import { CARD_RARITIES } from '@grandline/core/games';
import { cardT } from './card-t';

/*
 * Rarities as the card data writes them ('SR', 'SP CARD') are codes, never shown as they are: each language has a short
 * label (tiles, tables, chips) and a name (card page, hints, groups) in cards.json. A rarity the library does not know
 * (an admin's hand-made card) is shown as typed.
 */

const known = (rarity: string) => (CARD_RARITIES as readonly string[]).includes(rarity);
const keyOf = (rarity: string) => rarity.replace(/\s+/g, '_');

/** "SR", "SP": the short label in the UI language. */
export const rarityCode = (rarity: string) => (known(rarity) ? cardT(`rarityCodes.${keyOf(rarity)}`) : rarity);

/** "Super Rare", "Carta Especial": the rarity's name in the UI language. */
export const rarityName = (rarity: string) => (known(rarity) ? cardT(`rarities.${keyOf(rarity)}`) : rarity);
