import { z } from 'zod';
import { runSteps } from '../steps';
import { type MarketProduct, MAX_PRICE_CENTS, type ProductPrice, toCents } from './model';

/**
 * Cardmarket's public daily downloads for One Piece (idGame 18), no key needed:
 * `productCatalog/priceGuide/price_guide_18.json` and `productCatalog/productList/products_singles_18.json` on
 * downloads.s3.cardmarket.com. Shapes: shared/data/formats/cardmarket/README.md (documented, hand-written samples).
 * Prices are EUR; every figure may be a number, null or absent. Rows that are not rows are skipped, never fatal; a
 * document that is not a price guide or product list at all throws.
 */

const CARDMARKET_SEARCH = 'https://www.cardmarket.com/en/OnePiece/Products/Search?searchString=';

/** A product id: a non-negative integer, or its digits as text. */
const ProductId = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,15}$/)]);
/** A price figure: a number, or null when absent, null or anything else. */
const Figure = z.number().nullish().catch(null);

const PriceGuideDocument = z.looseObject({
  createdAt: z.string().nullish().catch(null),
  priceGuides: z.array(z.unknown()),
});

const PriceGuideRow = z.looseObject({
  idProduct: ProductId,
  low: Figure,
  avg: Figure,
  trend: Figure,
  'low-foil': Figure,
  'avg-foil': Figure,
  'trend-foil': Figure,
});

const ProductListDocument = z.looseObject({ products: z.array(z.unknown()) });

const ProductRow = z.looseObject({
  idProduct: ProductId,
  name: z.string().min(1),
  idExpansion: z.union([z.number(), z.string()]).nullish().catch(null),
});

/** EUR amount → cents; negative, not finite or above MAX_PRICE_CENTS → null. */
function cents(value: number | null | undefined): number | null {
  const c = toCents(value);
  return c === null || c < 0 || c > MAX_PRICE_CENTS ? null : c;
}

const isDigit = (code: number) => code >= 48 && code <= 57;
/** Reads `n` digits at `at` as an integer, or NaN. */
function digitsAt(text: string, at: number, n: number): number {
  let value = 0;
  for (let i = at; i < at + n; i++) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) return Number.NaN;
    value = value * 10 + code - 48;
  }
  return value;
}

/**
 * A Cardmarket timestamp as ISO UTC: "2025-12-01T02:45:12+0100" → "2025-12-01T01:45:12.000Z". The offset may be
 * written with or without a colon, or as Z; fraction digits are allowed. A date without an offset (which zone?),
 * an impossible date or anything else → null. Fixed positions, no regex: linear in any input.
 */
export function parseCardmarketDate(text: string): string | null {
  const s = text.trim();
  // YYYY-MM-DDTHH:MM:SS is 19 characters; the longest accepted form adds 9 fraction digits and "+HH:MM".
  if (s.length < 20 || s.length > 35) return null;
  if (s[4] !== '-' || s[7] !== '-' || (s[10] !== 'T' && s[10] !== ' ') || s[13] !== ':' || s[16] !== ':') return null;
  const year = digitsAt(s, 0, 4);
  const month = digitsAt(s, 5, 2);
  const day = digitsAt(s, 8, 2);
  const hour = digitsAt(s, 11, 2);
  const minute = digitsAt(s, 14, 2);
  const second = digitsAt(s, 17, 2);
  let at = 19;
  let millis = 0;
  if (s[at] === '.') {
    const start = ++at;
    while (at < s.length && isDigit(s.charCodeAt(at))) at++;
    if (at === start || at - start > 9) return null;
    millis = digitsAt(s.slice(start, Math.min(at, start + 3)).padEnd(3, '0'), 0, 3);
  }
  let offsetMinutes: number;
  const rest = s.slice(at);
  if (rest === 'Z' || rest === 'z') offsetMinutes = 0;
  else if ((rest[0] === '+' || rest[0] === '-') && (rest.length === 5 || (rest.length === 6 && rest[3] === ':'))) {
    const oh = digitsAt(rest, 1, 2);
    const om = digitsAt(rest, rest.length - 2, 2);
    if (!(oh <= 23 && om <= 59)) return null;
    offsetMinutes = (rest[0] === '-' ? -1 : 1) * (oh * 60 + om);
  } else return null;
  if (!(year >= 1900 && month >= 1 && month <= 12 && day >= 1 && hour <= 23 && minute <= 59 && second <= 59)) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  // Date.UTC rolls 31 February over into March: such a date is refused.
  if (new Date(local).getUTCDate() !== day) return null;
  return new Date(local - offsetMinutes * 60_000).toISOString();
}

/**
 * The price guide: one ProductPrice per idProduct, EUR cents. min = `low`, avg = `avg`, trend = `trend`, max = null
 * (Cardmarket publishes no maximum). A product priced only as foil (its `low` and `avg` null or absent, a foil figure
 * present) takes the `-foil` figures. Products without any figure and repeated idProducts (after the first) are
 * skipped.
 */
export function parseCardmarketPriceGuide(json: unknown): { createdAt: string | null; prices: ProductPrice[] } {
  return runSteps(cardmarketPriceGuideSteps(json));
}

/** Rows checked per step of the cooperative readers below (a few milliseconds of work). */
const ROWS_PER_STEP = 2_000;

/**
 * parseCardmarketPriceGuide in steps of ROWS_PER_STEP rows: a 10 MB guide (65,000 rows) took 75–115 ms in one go,
 * a stall of the whole server during an admin's upload (issue 46: no price file blocks the event loop over 50 ms).
 */
export function* cardmarketPriceGuideSteps(json: unknown): Generator<void, { createdAt: string | null; prices: ProductPrice[] }> {
  const doc = PriceGuideDocument.safeParse(json);
  if (!doc.success) throw new Error('Cardmarket price guide: not a price guide document (expected an object with a "priceGuides" array)');
  const seen = new Set<string>();
  const prices: ProductPrice[] = [];
  let done = 0;
  for (const row of doc.data.priceGuides) {
    if (++done % ROWS_PER_STEP === 0) yield;
    const parsed = PriceGuideRow.safeParse(row);
    if (!parsed.success) continue;
    const r = parsed.data;
    const productId = String(r.idProduct);
    if (seen.has(productId)) continue;
    let min = cents(r.low);
    let avg = cents(r.avg);
    let trend = cents(r.trend);
    if (min === null && avg === null) {
      const foil = { min: cents(r['low-foil']), avg: cents(r['avg-foil']), trend: cents(r['trend-foil']) };
      if (foil.min !== null || foil.avg !== null || foil.trend !== null) ({ min, avg, trend } = foil);
    }
    if (min === null && avg === null && trend === null) continue;
    seen.add(productId);
    prices.push({ productId, currency: 'EUR', min, avg, max: null, trend });
  }
  return { createdAt: doc.data.createdAt ? parseCardmarketDate(doc.data.createdAt) : null, prices };
}

/** OP01-024, ST10-001, EB01-012, PRB01-001, P-001 (upper case). */
const CARD_NUMBER = /^(?:[A-Z]{2,3}\d{2}|P)-\d{3}$/;
/** The longest text between parentheses that may be a card number ("PRB01-001" and a little space). */
const MAX_GROUP = 16;

/**
 * The card number of a Cardmarket name: the last parenthesised group that is a card number, upper-cased —
 * "Roronoa Zoro (OP01-001)" → "OP01-001", "Luffy (op01-024) (V.2)" → "OP01-024"; "Luffy" → null. One pass over
 * the name; a group is tested only when it is short enough to be a number.
 */
export function cardmarketNumberOf(name: string): string | null {
  let found: string | null = null;
  let open = -1;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code === 40 /* ( */) open = i;
    else if (code === 41 /* ) */ && open !== -1) {
      if (i - open - 1 <= MAX_GROUP) {
        const inside = name.slice(open + 1, i).trim().toUpperCase();
        if (CARD_NUMBER.test(inside)) found = inside;
      }
      open = -1;
    }
  }
  return found;
}

/** A Cardmarket search link for a number or name (its first 100 characters); null for text that is not well-formed UTF-16. */
function searchUrl(text: string): string | null {
  try {
    return CARDMARKET_SEARCH + encodeURIComponent(text.trim().slice(0, 100));
  } catch {
    return null; // a lone surrogate (URIError)
  }
}

/**
 * The singles list (products_singles_18.json): one MarketProduct per idProduct. Cardmarket gives no set names, rarity
 * or variant flags: setName is the idExpansion as text, setCode null, tags empty; each variant is a separate
 * idProduct with the same name. The url is a Cardmarket search for the number (the name when there is none).
 */
export function parseCardmarketProducts(json: unknown): MarketProduct[] {
  return runSteps(cardmarketProductsSteps(json));
}

/** parseCardmarketProducts in steps of ROWS_PER_STEP rows (see cardmarketPriceGuideSteps). */
export function* cardmarketProductsSteps(json: unknown): Generator<void, MarketProduct[]> {
  const doc = ProductListDocument.safeParse(json);
  if (!doc.success) throw new Error('Cardmarket product list: not a product list document (expected an object with a "products" array)');
  const seen = new Set<string>();
  const products: MarketProduct[] = [];
  let done = 0;
  for (const row of doc.data.products) {
    if (++done % ROWS_PER_STEP === 0) yield;
    const parsed = ProductRow.safeParse(row);
    if (!parsed.success) continue;
    const { idProduct, name, idExpansion } = parsed.data;
    const productId = String(idProduct);
    if (seen.has(productId)) continue;
    seen.add(productId);
    const number = cardmarketNumberOf(name);
    products.push({
      productId,
      name,
      number,
      setCode: null,
      setName: idExpansion === null || idExpansion === undefined || idExpansion === '' ? null : String(idExpansion),
      sealed: false,
      tags: [],
      url: searchUrl(number ?? name),
    });
  }
  return products;
}
