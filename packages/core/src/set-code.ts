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
