/**
 * What kind of print a marketplace product or a catalogue print is, from the words the feeds really use.
 *
 * TCGplayer names seen in real data (formats/tcgcsv/real/README.md): plain names; "Name (021)" (a number
 * disambiguator, still the base print); "Name (Parallel)"; "Name (021) (Parallel)"; "Name (Parallel) (Manga)";
 * "Name (SP)"; "Name (TR)"; "Name (Box Topper)"; "Name (OP01-024) (Alternate Art)" in reprint sets.
 */

/** Variant words a product may carry, lower-case. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the list KnownTag is written from
const KNOWN_TAGS = ['parallel', 'manga', 'sp', 'tr', 'box-topper', 'alt-art'] as const;
export type KnownTag = (typeof KNOWN_TAGS)[number];

export type PrintKind = 'base' | 'alt' | 'sp' | 'tr';

const TAG_WORDS: Record<string, KnownTag> = {
  parallel: 'parallel',
  manga: 'manga',
  sp: 'sp',
  'sp card': 'sp',
  tr: 'tr',
  'box topper': 'box-topper',
  'alternate art': 'alt-art',
  'alt art': 'alt-art',
};

const isDigit = (c: number) => c >= 48 && c <= 57;

/** "021": TCGplayer's disambiguator of two cards with one name in a set. */
function isDisambiguator(text: string): boolean {
  return text.length === 3 && isDigit(text.charCodeAt(0)) && isDigit(text.charCodeAt(1)) && isDigit(text.charCodeAt(2));
}

/** A card number such as OP01-024, ST10-001, EB01-012, PRB01-001 or P-001 (upper-cased), or null. */
export function cardNumberOf(text: string): string | null {
  const value = text.trim().toUpperCase();
  return /^(?:[A-Z]{2,3}\d{2}|P)-\d{3}$/.test(value) ? value : null;
}

/**
 * The catalogue-style code of a set from a feed's abbreviation or code: "OP01" / "op01" / "OP-01" → "OP-01",
 * "EB-02" → "EB-02", "PRB01" → "PRB-01". Pre-release, release-event and promotion groups ("ST-01 PRE", "OP17 RE",
 * "OP-PR") are not catalogue sets: null.
 */
export function catalogueSetCode(text: string | null | undefined): string | null {
  const m = /^(OP|ST|EB|PRB)-?(\d{2})$/.exec((text ?? '').trim().toUpperCase());
  return m ? `${m[1]}-${m[2]}` : null;
}

/** The set code of a card number's home set: "OP01-024" → "OP-01", "P-001" → null. */
export function homeSetOf(number: string): string | null {
  const dash = number.indexOf('-');
  return dash > 0 ? catalogueSetCode(number.slice(0, dash)) : null;
}

/**
 * The trailing parenthesised groups of a product name, last one last: "Luffy (021) (Parallel)" → ["021", "Parallel"].
 * Linear: each step looks back from the end for one "(" and shortens the name.
 */
function trailingGroups(name: string): { base: string; groups: string[] } {
  let rest = name.trimEnd();
  const groups: string[] = [];
  while (rest.endsWith(')') && groups.length < 8) {
    const open = rest.lastIndexOf('(');
    if (open < 0) break;
    groups.unshift(rest.slice(open + 1, -1).trim());
    rest = rest.slice(0, open).trimEnd();
  }
  return { base: rest, groups };
}

/**
 * The variant tags of a product name. Disambiguators and card-number references are dropped; a word we do not model
 * comes back as `unknown` so the product is listed, never guessed.
 */
export function tagsFromName(name: string): { tags: KnownTag[]; unknown: string[] } {
  const tags: KnownTag[] = [];
  const unknown: string[] = [];
  for (const group of trailingGroups(name).groups) {
    if (isDisambiguator(group) || cardNumberOf(group)) continue;
    const tag = TAG_WORDS[group.toLowerCase()];
    if (tag) tags.push(tag);
    else unknown.push(group);
  }
  return { tags, unknown };
}

export function productKind(tags: readonly string[]): PrintKind {
  if (tags.includes('sp')) return 'sp';
  if (tags.includes('tr')) return 'tr';
  return tags.length ? 'alt' : 'base';
}

/**
 * The kind of a catalogue print: SP and TR by rarity; otherwise the base print (no variant), a reprint (r1, r2: the
 * same card again in a later product, priced like a base print there) or an alternate art (p1…p9).
 */
export function printKind(print: { variant: string | null; rarity: string }): PrintKind | 'reprint' {
  const rarity = print.rarity.trim().toUpperCase();
  if (rarity === 'SP CARD' || rarity === 'SP') return 'sp';
  if (rarity === 'TR') return 'tr';
  if (!print.variant) return 'base';
  return print.variant.startsWith('r') ? 'reprint' : 'alt';
}

/**
 * Order of alternate-art products of one number in one set when several must be paired with several prints: the
 * plain parallel or alternate art first, then the box topper, then the manga art — the order the publisher numbers
 * them (p1, p2, …).
 */
export function altRank(tags: readonly string[]): number {
  if (tags.includes('manga')) return 2;
  if (tags.includes('box-topper')) return 1;
  return 0;
}
