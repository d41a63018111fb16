import type { BuildableDeck, BuildableResponse, MetaFormat, MetaList } from '@grandline/core/contracts/tournaments';
import type { PriceType } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import type { Db } from '../../db/client';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { createPause } from '../../lib/cooperative';
import type { PriceConfig } from '../../lib/price-config';
import { ownedCounts } from '../binders/portfolio.service';
import { costOf, offersByNumber } from '../decks/buy-list.service';
import { metaCached } from './meta-cache';
import { listNumbers, windowStandings, type WindowStanding } from './meta-reads';
import type { Window } from './meta-window';
import { compareLists, metaListOf } from './meta.service';
import { leaderName } from './tournaments-read.service';

/*
 * "Which winning deck can I build from what I own, and what does the rest cost?" (issue 43): each Leader's best-placed
 * list of the window (best placing, then newest, then tournament id), against the user's Personal and Trade binders
 * (any print of a number, as the collection check counts), the missing copies priced on every market and split
 * across markets by the buy list's one pricing path (decks/buy-list.service). The lists and what they need are cached
 * per window; the user's copies are read once and every needed number priced in one pass, not one buy list per deck.
 */

interface BestList {
  leader: { cardNumber: string; name: string; cardId: number | null };
  list: MetaList;
  /** Copies needed per card number, the Leader's one included; numbers the library lacks (gaps) as published. */
  needs: Map<string, number>;
}

async function computeBestLists(db: Db, window: Window, format: MetaFormat): Promise<BestList[]> {
  const [index, standings] = await Promise.all([catalogueIndex(db), windowStandings(db, window, format)]);
  const best = new Map<string, WindowStanding>();
  const pause = createPause();
  for (const s of standings) {
    await pause();
    const current = best.get(s.leaderNumber);
    if (!current || compareLists(s, current) < 0) best.set(s.leaderNumber, s);
  }
  const lists = [...best.values()];
  const numbers = await listNumbers(db, index, lists);
  return lists.map((s) => ({
    leader: { cardNumber: s.leaderNumber, name: leaderName(index, s.leaderNumber, s.leaderName), cardId: index.baseByNumber.get(`onepiece:${s.leaderNumber}`)?.id ?? null },
    list: metaListOf(s),
    // The Leader's one copy, then the list's numbers.
    needs: new Map([[s.leaderNumber, 1], ...numbers.get(s.deckId)!.copies]),
  }));
}

/** Each Leader's best-placed list of the window and what it needs (cached until the tournaments change). */
const bestLists = (db: Db, window: Window, format: MetaFormat) => metaCached(db, `best|${window.from}|${window.to}|${format}`, () => computeBestLists(db, window, format));

/**
 * Buildable first, cheapest first: complete prices (no unpriced copy on the split) before incomplete ones, then the
 * split's total, then the list's placing and the Leader's number.
 */
function compareBuildable(a: BuildableDeck, b: BuildableDeck) {
  return (
    Number(a.split.unpriced > 0) - Number(b.split.unpriced > 0) ||
    a.split.total - b.split.total ||
    a.list.placing - b.list.placing ||
    (a.leader.cardNumber < b.leader.cardNumber ? -1 : a.leader.cardNumber > b.leader.cardNumber ? 1 : 0)
  );
}

export async function buildableLists({
  db,
  user,
  window,
  format,
  currency,
  priceType,
  limit,
  config,
}: {
  db: Db;
  user: { id: string };
  window: Window;
  format: MetaFormat;
  currency: CurrencyCode;
  priceType: PriceType;
  limit: number;
  config: PriceConfig;
}): Promise<BuildableResponse> {
  const [lists, { counts: owned }] = await Promise.all([bestLists(db, window, format), ownedCounts({ db, user })]);
  const short = new Set<string>();
  for (const l of lists) for (const [number, needed] of l.needs) if (needed > (owned[number] ?? 0)) short.add(number);
  // Every number any list lacks, priced once on every market.
  const offers = await offersByNumber({ db, game: 'onepiece', numbers: short, currency, priceType, config });
  const pause = createPause();
  const items: BuildableDeck[] = [];
  for (const l of lists) {
    await pause();
    let total = 0;
    let have = 0;
    const missing: { missing: number; offers: NonNullable<ReturnType<typeof offers.get>> }[] = [];
    for (const [number, needed] of l.needs) {
      const mine = Math.min(needed, owned[number] ?? 0);
      total += needed;
      have += mine;
      if (needed > mine) missing.push({ missing: needed - mine, offers: offers.get(number) ?? [] });
    }
    const { markets, split } = costOf(missing);
    items.push({ leader: l.leader, list: l.list, owned: have, missing: total - have, total, split, markets, demo: missing.some((m) => m.offers.some((o) => o.demo)) });
  }
  items.sort(compareBuildable);
  return { ...window, format, currency, items: items.slice(0, limit) };
}
