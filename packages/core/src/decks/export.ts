import Papa from 'papaparse';
import { decimalText } from '../money/money';

/** A deck as the exporters need it: the leader and the main-deck rows (one per print). */
export interface ExportDeck {
  leader: { cardNumber: string; name: string; setCode: string | null } | null;
  cards: readonly { cardNumber: string; name: string; setCode: string | null; quantity: number; variant?: string | null }[];
}

/** Main-deck quantities per card number (prints of one number together), in first-seen order. */
const byNumber = (deck: ExportDeck) => {
  const rows = new Map<string, { cardNumber: string; name: string; setCode: string | null; quantity: number }>();
  for (const c of deck.cards) {
    const row = rows.get(c.cardNumber);
    if (row) row.quantity += c.quantity;
    else rows.set(c.cardNumber, { cardNumber: c.cardNumber, name: c.name, setCode: c.setCode, quantity: c.quantity });
  }
  return [...rows.values()];
};

/** OPTCG Sim text: the leader first with quantity 1, then one `<qty>x<number>` per card number; LF line ends. */
export function toOptcgSim(deck: ExportDeck): string {
  const lines = deck.leader ? [`1x${deck.leader.cardNumber}`] : [];
  for (const row of byNumber(deck)) lines.push(`${row.quantity}x${row.cardNumber}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Liga CSV Standard: UTF-8, comma-separated, header `quantity,name,edition,number` — Liga's edition code
 * (`OP-01`, `ST-01`, `EB-01`, as our set codes are written) and the card number. The leader is the first row.
 */
export function toLigaCsv(deck: ExportDeck): string {
  const rows = [...(deck.leader ? [{ ...deck.leader, quantity: 1 }] : []), ...byNumber(deck)].map((r) => ({
    quantity: r.quantity,
    name: r.name,
    edition: r.setCode ?? '',
    number: r.cardNumber,
  }));
  return `${Papa.unparse(rows, { columns: ['quantity', 'name', 'edition', 'number'], newline: '\n' })}\n`;
}

/**
 * "Format with Prices": the Liga columns plus the unit price and the line total in the chosen marketplace
 * and currency. Without a price for a card (or before prices exist) its cells stay empty; the header always
 * names the currency and marketplace, so an empty column is never mistaken for zero.
 */
export function toCsvWithPrices(
  deck: ExportDeck,
  { currency, marketplace, priceOf }: { currency: string; marketplace: string; /** Unit price in minor units of `currency`. */ priceOf: (cardNumber: string) => number | null },
): string {
  const unit = `unit_price_${currency}_${marketplace}`;
  const total = `total_${currency}_${marketplace}`;
  const rows = [...(deck.leader ? [{ ...deck.leader, quantity: 1 }] : []), ...byNumber(deck)].map((r) => {
    const price = priceOf(r.cardNumber);
    return {
      quantity: r.quantity,
      name: r.name,
      edition: r.setCode ?? '',
      number: r.cardNumber,
      [unit]: price === null ? '' : decimalText(price, currency),
      [total]: price === null ? '' : decimalText(price * r.quantity, currency),
    };
  });
  return `${Papa.unparse(rows, { columns: ['quantity', 'name', 'edition', 'number', unit, total], newline: '\n' })}\n`;
}

/** A buy list row per missing card number, as the buy list CSV writes it (amounts in hundredths of the list's currency). */
export interface BuyListCsvRow {
  cardNumber: string;
  name: string;
  missing: number;
  /** The cheapest market's name and its price per copy; null when no market prices the number. */
  market: string | null;
  price: number | null;
  url: string | null;
  /** The price is a demonstration price (PRICE_DEMO), not market data: the file says so on its row and its total. */
  demo?: boolean;
}

/** The text of the demo column: what a spreadsheet reader sees beside a price that is not market data. */
export const DEMO_PRICE_LABEL = 'demo price - not market data';

const hundredthsText = (cents: number) => (cents / 100).toFixed(2);

/**
 * The buy list as CSV (UTF-8, comma-separated, LF): card_number, name, missing, market, price_each, subtotal, currency,
 * url — one row per missing card number, then a total row. Amounts are decimals with a dot (12.50).
 */
export function buyListToCsv(rows: readonly BuyListCsvRow[], currency: string): string {
  const data = rows.map((r) => ({
    card_number: r.cardNumber,
    name: r.name,
    missing: r.missing,
    market: r.market ?? '',
    price_each: r.price === null ? '' : hundredthsText(r.price),
    subtotal: r.price === null ? '' : hundredthsText(r.price * r.missing),
    currency,
    url: r.url ?? '',
    demo: r.demo && r.price !== null ? DEMO_PRICE_LABEL : '',
  }));
  const total = rows.reduce((sum, r) => sum + (r.price ?? 0) * r.missing, 0);
  const anyDemo = rows.some((r) => r.demo && r.price !== null);
  data.push({ card_number: 'TOTAL', name: '', missing: rows.reduce((n, r) => n + r.missing, 0), market: '', price_each: '', subtotal: hundredthsText(total), currency, url: '', demo: anyDemo ? DEMO_PRICE_LABEL : '' });
  return `${Papa.unparse(data, { columns: ['card_number', 'name', 'missing', 'market', 'price_each', 'subtotal', 'currency', 'url', 'demo'], newline: '\n' })}\n`;
}
