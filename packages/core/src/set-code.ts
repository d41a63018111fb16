/**
 * The card-number prefixes a product's own cards carry: OP-05 → OP05, ST-31 → ST31, PRB-02 → PRB02, and both halves
 * of a combined product (OP-14-EB04 → OP14, EB04). A print in the product whose number has another prefix is a
 * reprint (ST-31 reprints OP01-016). Empty for a product without a code (promotions): every print counts as its own.
 */
export function ownNumberPrefixes(code: string | null): string[] {
  if (!code) return [];
  const [first, second, third] = code.split('-');
  const prefixes = first && second ? [`${first}${second}`] : [];
  if (third) prefixes.push(third);
  return prefixes;
}

/** Whether a card number belongs to the product (not a reprint of another product's card). */
export function isOwnNumber(cardNumber: string, prefixes: readonly string[]): boolean {
  if (!prefixes.length) return true;
  const dash = cardNumber.indexOf('-');
  return prefixes.includes(dash === -1 ? cardNumber : cardNumber.slice(0, dash));
}

/**
 * A product's code as players and the box write it. A combined booster (the English OP-14 and OP-15 each carry part
 * of the EB-04 extra booster; the card list labels them [OP-14-EB04]) is OP14-EB04, as on its box and the official
 * product page; every other code is written as stored (OP-01, ST-31, PRB-02).
 */
export function productCode(code: string): string {
  const parts = code.split('-');
  return parts.length === 3 ? `${parts[0]}${parts[1]}-${parts[2]}` : code;
}

/** The products a combined booster joins, as players name them: OP-14-EB04 → [OP-14, EB-04]; one product → itself. */
export function productParts(code: string): string[] {
  const [first, second, third] = code.split('-');
  if (!third || !first || !second) return [code];
  const letters = /^[A-Z]+/.exec(third)?.[0] ?? third;
  return [`${first}-${second}`, `${letters}-${third.slice(letters.length)}`];
}

/** Small words a title leaves in lower case unless they begin it. */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs']);

/**
 * A product name as players write it: the card list shouts some names ("THE WORLD’S STRONGEST WARRIORS") and not
 * others ("Anime 25th Collection"). A name in capitals becomes a title ("The World’s Strongest Warriors"); a word
 * with digits (GEAR5, 3D2Y) and "ONE PIECE" stay as they are, and a name already in mixed case is left alone.
 */
export function productName(name: string): string {
  if (name !== name.toUpperCase() || !/[A-Z].*[A-Z]/.test(name)) return name;
  const words = name.split(' ');
  return words
    .map((word, i) => {
      // The game's own name keeps its capitals, as Bandai writes it.
      if ((word === 'ONE' && words[i + 1] === 'PIECE') || (word === 'PIECE' && words[i - 1] === 'ONE')) return word;
      if (/\d/.test(word) || word.length < 2) return word;
      const lower = word.toLowerCase();
      if (i > 0 && MINOR_WORDS.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}
