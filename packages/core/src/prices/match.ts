import type { MarketProduct, MatchResult, PrintRef, UnmatchedProduct, UnmatchedReason } from './model';
import { altRank, homeSetOf, printKind, productKind } from './product-kind';

/**
 * Matching marketplace products to prints of the catalogue. The rules (docs/prices.md, "Matching"):
 *
 * 1. A pin an admin set wins: the pinned product gets its print, and neither takes part in the rules below.
 * 2. A cross-market id wins next (CardTrader blueprints carry TCGplayer and Cardmarket ids): `cross` maps a product to
 *    the print its twin on another market was matched to.
 * 3. Sealed products and products without a card number (DON!! cards) are skipped.
 * 4. The rest is matched per number *and set*: a product of the OP-08 group is a print of its number printed in OP-08
 *    (an SP reprint keeps its old number), never that number's base print from another set.
 *    - a plain name is the base print, or the reprint (r1, r2) in a later product, or — in a set that reprints the
 *      number with a single print and sells no variant of it — that print;
 *    - "(Parallel)", "(Alternate Art)", "(Box Topper)", "(Manga)" are the alternate arts (p1…) of that set;
 *    - "(SP)" is the SP print and "(TR)" the TR print of that set.
 *    When one kind has as many products as prints, they pair in order: products by `altRank` then product id (the
 *    older id first), prints by the catalogue's print order. Any other count is AMBIGUOUS and listed.
 * 5. A product whose set is not a catalogue set is listed as UNKNOWN_SET; a variant word we do not model, as
 *    UNKNOWN_VARIANT. Nothing is guessed: never two products on one print, never a price on the wrong print.
 *
 * `nameOnly` is Cardmarket's case, whose products carry a number but no set or variant: a number sold as exactly
 * one product is that number's base print; several products of one number are AMBIGUOUS unless pinned or joined.
 */
export interface MatchInput {
  products: readonly MarketProduct[];
  prints: readonly PrintRef[];
  pins?: ReadonlyMap<string, number>;
  cross?: ReadonlyMap<string, number>;
  nameOnly?: boolean;
}

export function matchProducts({ products, prints, pins = new Map(), cross = new Map(), nameOnly = false }: MatchInput): MatchResult {
  const matched = new Map<string, number>();
  const unmatched: UnmatchedProduct[] = [];
  let skipped = 0;
  const taken = new Set<number>();
  const printIds = new Set(prints.map((p) => p.id));
  const unlisted = (product: MarketProduct, reason: UnmatchedReason) =>
    unmatched.push({ productId: product.productId, name: product.name, number: product.number, setName: product.setName, reason });

  // One row per product id: a feed repeating a product must not count it twice.
  const unique = new Map<string, MarketProduct>();
  for (const product of products) if (!unique.has(product.productId)) unique.set(product.productId, product);

  // 1 and 2: pins, then cross-market joins.
  const rest: MarketProduct[] = [];
  for (const joins of [pins, cross]) {
    for (const product of unique.values()) {
      if (matched.has(product.productId)) continue;
      const printId = joins.get(product.productId);
      if (printId === undefined || !printIds.has(printId) || taken.has(printId)) continue;
      matched.set(product.productId, printId);
      taken.add(printId);
    }
  }
  for (const product of unique.values()) {
    if (matched.has(product.productId)) continue;
    if (product.sealed || !product.number) skipped++;
    else rest.push(product);
  }

  const free = prints.filter((p) => !taken.has(p.id));
  const printsByNumber = groupBy(free, (p) => p.cardNumber);

  if (nameOnly) {
    // "A single product" counts every product of the number in the file, joined ones too: once one print of a number
    // is known by a join, the number's other products are still several prints we cannot tell apart.
    const sold = new Map<string, number>();
    for (const p of unique.values()) if (p.number) sold.set(p.number, (sold.get(p.number) ?? 0) + 1);
    for (const [number, group] of groupBy(rest, (p) => p.number!)) {
      const base = printsByNumber.get(number)?.find((p) => p.variant === null);
      if (sold.get(number) !== 1) group.forEach((p) => unlisted(p, 'AMBIGUOUS'));
      else if (!base) unlisted(group[0]!, 'NO_PRINT');
      else matched.set(group[0]!.productId, base.id);
    }
    return { matched, unmatched, skipped };
  }

  const pair = (group: MarketProduct[], candidates: PrintRef[]) => {
    if (group.length === 0) return;
    if (candidates.length === 0) return group.forEach((p) => unlisted(p, 'NO_PRINT'));
    if (group.length !== candidates.length) return group.forEach((p) => unlisted(p, 'AMBIGUOUS'));
    const products = [...group].sort((a, b) => altRank(a.tags) - altRank(b.tags) || compareIds(a.productId, b.productId));
    const targets = [...candidates].sort((a, b) => a.printOrder - b.printOrder || a.id - b.id);
    products.forEach((p, i) => matched.set(p.productId, targets[i]!.id));
  };

  const buckets = groupBy(rest, (p) => `${p.number}\u0000${p.setCode ?? ''}`);
  for (const group of buckets.values()) {
    const { number, setCode } = group[0]!;
    if (!setCode) {
      group.forEach((p) => unlisted(p, 'UNKNOWN_SET'));
      continue;
    }
    const known = group.filter((p) => {
      if (!p.tags.some((t) => t.startsWith('?'))) return true;
      unlisted(p, 'UNKNOWN_VARIANT');
      return false;
    });
    const inSet = (printsByNumber.get(number!) ?? []).filter((p) => p.setCode === setCode);
    const byKind = (kind: string) => inSet.filter((p) => printKind(p) === kind);
    const plain = known.filter((p) => productKind(p.tags) === 'base');
    const alts = known.filter((p) => productKind(p.tags) === 'alt');
    let baseCandidates = [...byKind('base'), ...byKind('reprint')];
    // A set that reprints the number once under a plain name (ST-31's OP01-016) and sells no variant of it.
    if (baseCandidates.length === 0 && alts.length === 0 && setCode !== homeSetOf(number!)) baseCandidates = byKind('alt');
    pair(plain, baseCandidates);
    pair(alts, byKind('alt'));
    pair(known.filter((p) => productKind(p.tags) === 'sp'), byKind('sp'));
    pair(known.filter((p) => productKind(p.tags) === 'tr'), byKind('tr'));
  }
  return { matched, unmatched, skipped };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Numeric ids compare as numbers ("99" before "100"), others as text. */
function compareIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) ? x - y : a.localeCompare(b);
}

/** The product id a price file gives a print it names exactly: "OP01-024|p1", "OP01-024|" for the base print. */
export const exactProductId = (number: string, variant: string | null) => `${number}|${variant ?? ''}`;

/**
 * A price file that names each print by number and variant code (the Liga / MYP Cards CSV): no rule to apply, only
 * whether the catalogue has that print. Pins do not apply: the file already names the print.
 */
export function matchExact(products: readonly MarketProduct[], prints: readonly PrintRef[]): MatchResult {
  const byKey = new Map(prints.map((p) => [exactProductId(p.cardNumber, p.variant), p.id]));
  const matched = new Map<string, number>();
  const unmatched: UnmatchedProduct[] = [];
  for (const product of products) {
    const id = byKey.get(product.productId);
    if (id === undefined) unmatched.push({ productId: product.productId, name: product.name, number: product.number, setName: product.setName, reason: 'NO_PRINT' });
    else matched.set(product.productId, id);
  }
  return { matched, unmatched, skipped: 0 };
}
