/**
 * Banned cards, restricted cards and banned pairs as dated entries (docs/deck-rules.md). Each entry is one card (or
 * one pair of cards) from a first day in force to the day it was lifted, with the page that announced it. The list
 * in force on a day is every entry whose period holds that day, so an old event is judged on the list of its date.
 *
 * The entries below are the shipped default: a server stores them on start and an admin adds or ends entries in
 * /admin without a release. All cards with the same number count as the same card, whatever the print.
 */
export const REGULATION_KINDS = ['banned', 'restricted', 'pair'] as const;
export type RegulationKind = (typeof REGULATION_KINDS)[number];

export interface RegulationEntry {
  kind: RegulationKind;
  /** The card number (OP05-041), or the first card of a pair. */
  cardNumber: string;
  /** A pair's other card; null for banned and restricted entries. */
  pairedWith: string | null;
  /** First day in force (UTC, YYYY-MM-DD). */
  from: string;
  /** First day no longer in force; null while in force. */
  until: string | null;
  /** The official page that announced it. */
  source: string;
  /** What the entry is (the card's name, the reason), for people. */
  note?: string | null;
}

/** What is in force on a day: banned numbers, numbers limited to 1 copy, and pairs that may not share a deck. */
export interface RegulationList {
  banned: ReadonlySet<string>;
  restricted: ReadonlySet<string>;
  pairs: readonly (readonly [string, string])[];
}

export const inForceOn = (entry: Pick<RegulationEntry, 'from' | 'until'>, day: string) => entry.from <= day && (entry.until === null || day < entry.until);

/** The list in force on a day (YYYY-MM-DD). */
export function regulationListOn(entries: readonly RegulationEntry[], day: string): RegulationList {
  const banned = new Set<string>();
  const restricted = new Set<string>();
  const pairs: [string, string][] = [];
  for (const entry of entries) {
    if (!inForceOn(entry, day)) continue;
    if (entry.kind === 'banned') banned.add(entry.cardNumber);
    else if (entry.kind === 'restricted') restricted.add(entry.cardNumber);
    else if (entry.pairedWith) pairs.push([entry.cardNumber, entry.pairedWith]);
  }
  return { banned, restricted, pairs };
}

const EN = 'https://en.onepiece-cardgame.com';
const RESTRICTION = `${EN}/rules/restriction`;
const NOV_2023 = 'https://onepiecetopdecks.com/news-new-banlist-targets-red-decks-in-english-format/';
const OP03_BANS = 'https://onepieceplayer.com/moby-dick-cabaji-banned-op-03-global-release/';
const entry = (kind: RegulationKind, cardNumber: string, from: string, until: string | null, source: string, note: string, pairedWith: string | null = null): RegulationEntry => ({
  kind,
  cardNumber,
  pairedWith,
  from,
  until,
  source,
  note,
});

/**
 * Bandai's lists for the English-language game (NA, EU, LATAM, OC), entry by entry, with the page of each
 * announcement. How each entry was checked, and what is known but not shipped, is in docs/deck-rules.md.
 */
export const ONE_PIECE_REGULATIONS: readonly RegulationEntry[] = [
  entry('banned', 'OP02-024', '2023-06-30', '2026-04-01', OP03_BANS, 'Moby Dick; banned from the OP-03 release, lifted in the April 2026 update'),
  entry('banned', 'OP02-052', '2023-06-30', '2025-08-30', OP03_BANS, 'Cabaji; banned from the OP-03 release, lifted in the August 2025 update'),
  entry('banned', 'OP01-016', '2023-11-10', '2023-12-08', NOV_2023, 'Nami; banned for four weeks'),
  entry('banned', 'OP02-001', '2023-11-10', '2023-12-08', NOV_2023, 'Edward.Newgate (Leader); banned for four weeks'),
  entry('banned', 'OP02-005', '2023-11-10', '2023-12-08', NOV_2023, 'Curly.Dadan; banned for four weeks'),
  entry('restricted', 'OP03-013', '2023-11-10', '2023-12-08', NOV_2023, 'Marco; restricted for four weeks'),
  entry('banned', 'OP05-041', '2024-06-21', '2025-08-30', RESTRICTION, 'Sakazuki (Leader); notice of 2024-03-15, lifted in the August 2025 update'),
  entry('banned', 'ST06-015', '2024-06-21', '2026-04-01', RESTRICTION, 'Great Eruption'),
  entry('banned', 'OP06-116', '2024-06-21', null, RESTRICTION, 'Reject'),
  entry('banned', 'ST10-001', '2024-09-06', null, 'https://fr.onepiece-cardgame.com/rules/restriction', 'Trafalgar Law (Leader)'),
  entry('banned', 'OP03-098', '2024-09-06', '2026-04-01', 'https://fr.onepiece-cardgame.com/rules/restriction', 'Enies Lobby'),
  entry('banned', 'OP06-086', '2025-04-01', null, RESTRICTION, 'Gecko Moria'),
  entry('banned', 'OP07-045', '2025-04-01', '2026-04-01', RESTRICTION, 'Jinbe'),
  entry('banned', 'OP02-117', '2025-04-01', '2026-04-01', RESTRICTION, 'Ice Age'),
  entry('banned', 'EB01-059', '2025-04-01', '2026-04-01', RESTRICTION, 'Kingdom Come'),
  entry('banned', 'OP03-040', '2025-08-30', null, `${EN}/topics/019.php`, 'Nami (Leader)'),
  entry('pair', 'OP11-040', '2025-08-30', null, `${EN}/topics/019.php`, 'Monkey.D.Luffy (Leader) and Charlotte Katakuri: the first banned pairs', 'OP11-067'),
  entry('pair', 'OP11-040', '2025-08-30', null, `${EN}/topics/019.php`, 'Monkey.D.Luffy (Leader) and Charlotte Linlin', 'OP08-069'),
  entry('banned', 'OP06-047', '2026-04-01', null, `${EN}/topics/029.php`, 'Charlotte Pudding; announced 2026-03-16'),
  entry('pair', 'OP07-115', '2026-04-10', null, `${EN}/news/restriction-260501.html`, '“I Re-Quasar Helllp!!” and Borsalino; announced 2026-03-31 (game length)', 'EB04-058'),
  entry('banned', 'OP14-020', '2026-10-12', null, `${EN}/news/restriction-261001.html`, 'Dracule Mihawk (Leader); announced 2026-09-24'),
];
