import { z } from 'zod';
import { type MarketProduct, MAX_PRICE_CENTS, type ProductPrice } from './model';

/**
 * CardTrader API v2 (https://api.cardtrader.com/api/v2, bearer token; One Piece = game_id 15): `/expansions`,
 * `/blueprints/export?expansion_id=…` and `/marketplace/products?expansion_id=…`. Shapes:
 * shared/data/formats/cardtrader/README.md (hand-written from captured real responses). Rows that are not rows are
 * skipped, never fatal; a document of the wrong kind throws.
 */
const CARDTRADER_ONE_PIECE_GAME_ID = 15;

const CARDTRADER_CARD_URL = 'https://www.cardtrader.com/cards/';

const Id = z.number().int().positive();

const ExpansionRow = z.looseObject({
  id: Id,
  game_id: z.number().int(),
  code: z.string(),
  name: z.string(),
});

/** The One Piece expansions (game_id 15) of `GET /expansions`; other games and malformed rows are dropped. */
export function parseCardtraderExpansions(json: unknown): { id: number; code: string; name: string }[] {
  if (!Array.isArray(json)) throw new Error('CardTrader expansions: not an expansion list (expected an array)');
  const out: { id: number; code: string; name: string }[] = [];
  for (const row of json) {
    const parsed = ExpansionRow.safeParse(row);
    if (!parsed.success || parsed.data.game_id !== CARDTRADER_ONE_PIECE_GAME_ID) continue;
    out.push({ id: parsed.data.id, code: parsed.data.code, name: parsed.data.name });
  }
  return out;
}

/**
 * A CardTrader expansion code in the catalogue's style: "op01" → "OP-01", "st10" → "ST-10", "eb02" → "EB-02",
 * "prb01" → "PRB-01". Anything else (promotions, pre-releases, Japanese-only codes) → null.
 */
export function cardtraderSetCode(code: string | null | undefined): string | null {
  const m = /^(op|st|eb|prb)(\d{2})$/.exec((code ?? '').trim().toLowerCase());
  return m ? `${m[1]!.toUpperCase()}-${m[2]}` : null;
}

/** Version words that name a variant we model… */
const VERSION_WORDS = new Map([
  ['parallel', 'parallel'],
  ['manga', 'manga'],
  ['sp', 'sp'],
  ['tr', 'tr'],
]);
/** …and two-word phrases: first word → second word → tag. */
const VERSION_PHRASES = new Map([
  ['alternate', new Map([['art', 'alt-art']])],
  ['alt', new Map([['art', 'alt-art']])],
  ['box', new Map([['topper', 'box-topper']])],
  ['sp', new Map([['card', 'sp']])],
]);
const TAGS = new Set(['parallel', 'manga', 'sp', 'tr', 'alt-art', 'box-topper']);

/**
 * Variant tags of a blueprint's `version`: "Parallel" → ["parallel"], "Alternate Art" → ["alt-art"], "Box Topper" →
 * ["box-topper"], "Parallel Manga" → ["parallel", "manga"], "" → []. A word we do not model comes back as
 * `?word` (lower case), the matcher's mark of an unknown variant (as tcgcsv.ts marks unknown name groups), so the
 * product is listed as UNKNOWN_VARIANT rather than guessed. Linear: one split, one walk, each tag once.
 */
export function cardtraderTags(version: string | null | undefined): string[] {
  const words = (version ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u);
  // Known tags and unknown words, in order of first appearance.
  const found = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (!word) continue;
    const phrase = VERSION_PHRASES.get(word)?.get(words[i + 1] ?? '');
    if (phrase) {
      found.add(phrase);
      i++;
    } else found.add(VERSION_WORDS.get(word) ?? word);
  }
  return [...found].map((t) => (TAGS.has(t) ? t : `?${t}`));
}

const BlueprintRow = z.looseObject({
  id: Id,
  name: z.string(),
  version: z.string().nullish().catch(null),
  game_id: z.number().nullish().catch(null),
  fixed_properties: z.looseObject({ collector_number: z.string().nullish().catch(null) }).nullish().catch(null),
  card_market_ids: z.array(z.unknown()).nullish().catch(null),
  tcg_player_id: z.number().int().positive().nullish().catch(null),
});

/**
 * The blueprints of one expansion (`GET /blueprints/export?expansion_id=…`). Singles carry
 * `fixed_properties.collector_number`; sealed products (boxes, packs) are mixed in without one and come back
 * `sealed: true, number: null`. setCode and setName come from the expansion the blueprints were asked for (null
 * without it). Blueprints of another game are dropped.
 */
export function parseCardtraderBlueprints(json: unknown, expansion?: { code: string; name: string }): MarketProduct[] {
  if (!Array.isArray(json)) throw new Error('CardTrader blueprints: not a blueprint export (expected an array)');
  const setCode = cardtraderSetCode(expansion?.code);
  const setName = expansion?.name ?? null;
  const seen = new Set<number>();
  const out: MarketProduct[] = [];
  for (const row of json) {
    const parsed = BlueprintRow.safeParse(row);
    if (!parsed.success) continue;
    const b = parsed.data;
    if ((typeof b.game_id === 'number' && b.game_id !== CARDTRADER_ONE_PIECE_GAME_ID) || seen.has(b.id)) continue;
    seen.add(b.id);
    const number = b.fixed_properties?.collector_number?.trim().toUpperCase() || null;
    out.push({
      productId: String(b.id),
      name: b.name,
      number,
      setCode,
      setName,
      sealed: number === null,
      tags: cardtraderTags(b.version),
      url: `${CARDTRADER_CARD_URL}${b.id}`,
      tcgplayerId: b.tcg_player_id ?? null,
      cardmarketIds: (b.card_market_ids ?? []).filter((id): id is number => Number.isInteger(id) && (id as number) > 0),
    });
  }
  return out;
}

/** true, or the text "true": CardTrader's boolean properties. */
const Flag = z
  .union([z.boolean(), z.string()])
  .nullish()
  .catch(null)
  .transform((v) => v === true || v === 'true');

const Listing = z.looseObject({
  price_cents: z.number().int().nonnegative().nullish().catch(null),
  price_currency: z.string().nullish().catch(null),
  price: z
    .looseObject({ cents: z.number().int().nonnegative(), currency: z.string() })
    .nullish()
    .catch(null),
  graded: Flag,
  properties_hash: z.looseObject({ condition: z.string(), signed: Flag, altered: Flag }),
});

/**
 * The price of each blueprint from `GET /marketplace/products` (an object keyed by blueprint id, each holding up to
 * 25 of the cheapest listings). Only Near Mint listings count, and not graded, signed or altered ones. Each price
 * (`price_cents`, integer minor units of `price_currency`; `price.cents`/`price.currency` when those are absent) is
 * turned into EUR cents with `toEurCents`; a listing it cannot convert (null) is dropped. Per blueprint: min, avg (the
 * plain mean of the listings, rounded half up) and max, in EUR. Blueprints with no listing left are omitted.
 */
export function summarizeListings(json: unknown, options: { toEurCents: (cents: number, currency: string) => number | null }): ProductPrice[] {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error('CardTrader marketplace products: not a marketplace answer (expected an object keyed by blueprint id)');
  }
  const out: ProductPrice[] = [];
  for (const [blueprintId, listings] of Object.entries(json)) {
    if (!Array.isArray(listings)) continue;
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    for (const row of listings) {
      const parsed = Listing.safeParse(row);
      if (!parsed.success) continue;
      const l = parsed.data;
      const p = l.properties_hash;
      if (p.condition.trim() !== 'Near Mint' || l.graded || p.signed || p.altered) continue;
      const minor = l.price_cents ?? l.price?.cents;
      const currency = (l.price_cents !== null && l.price_cents !== undefined ? l.price_currency : l.price?.currency)?.trim().toUpperCase();
      if (minor === null || minor === undefined || !currency) continue;
      const eur = options.toEurCents(minor, currency);
      if (eur === null || !Number.isFinite(eur) || eur < 0 || eur > MAX_PRICE_CENTS) continue;
      const cents = Math.round(eur);
      min = Math.min(min, cents);
      max = Math.max(max, cents);
      sum += cents;
      count++;
    }
    if (count === 0) continue;
    // The mean of integers, rounded half up in integer arithmetic: floor((2·sum + n) / 2n).
    out.push({ productId: blueprintId, currency: 'EUR', min, avg: Math.floor((2 * sum + count) / (2 * count)), max });
  }
  return out;
}
