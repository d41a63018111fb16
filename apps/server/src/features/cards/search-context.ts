import type { Card } from '@grandline/core/contracts/cards';
import { deckFormat, today } from '@grandline/core/decks/formats';
import { cardLegality } from '@grandline/core/decks/legality';
import type { GameCategory } from '@grandline/core/games';
import { DEFAULT_MARKETPLACE, type MarketplaceId } from '@grandline/core/marketplaces';
import type { CurrencyCode } from '@grandline/core/money/currencies';
import type { FormatValue, SearchNode } from '@grandline/core/search/ast';
import { matches, type QueryNeeds, type SearchContext } from '@grandline/core/search/evaluate';
import { createPause } from '../../lib/cooperative';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { PriceConfig } from '../../lib/price-config';
import { catalogueIndex } from '../../catalogue/catalogue-index';
import { ownedByPrint } from '../binders/portfolio.service';
import { wishlistIds } from '../binders/wishlist.service';
import { currentRegulations } from '../decks/regulations.service';
import { priceSummaries } from '../prices/prices.service';

export type PrintContext = SearchContext<Card>;

/**
 * What the search language asks of the server (issue 42, docs/search-language.md "Context"), loaded once per request
 * and only as far as `needs` says: the legality of card numbers on the server's today (the card page's verdict: the
 * dated regulations and the rotation of the deck rules), the current price on the market, currency and price type
 * (defaults us, USD, min; in major units), the copies of each print over the user's binders other than the wishlist,
 * and the user's wishlist. A query that needs the user from a signed-out request is a 401.
 */
export async function searchContext({
  db,
  user,
  needs,
  config,
  market = DEFAULT_MARKETPLACE,
  currency = 'USD',
  priceType = 'min',
  game = 'onepiece',
}: {
  db: Db;
  user: { id: string } | null;
  needs: QueryNeeds;
  /** The prices' configuration (the br estimate factor, demo prices). */
  config: PriceConfig;
  market?: MarketplaceId;
  currency?: CurrencyCode;
  priceType?: 'min' | 'avg' | 'max';
  game?: GameCategory;
}): Promise<PrintContext> {
  if (needs.signedIn && !user) throw new AppError('UNAUTHORIZED', 401, 'Please sign in to search your collection and wishlist (is:owned, owned, is:wishlist)');
  const ctx: PrintContext = {};
  if (needs.legality) Object.assign(ctx, legality(await currentRegulations(db, game), game));
  if (needs.price) {
    const index = await catalogueIndex(db);
    const summaries = await priceSummaries({ db, cardIds: [...index.byId.keys()], market, currency, config });
    ctx.price = (print) => {
      const cents = summaries.get(print.id)?.[priceType];
      return cents === undefined || cents === null ? null : cents / 100;
    };
  }
  if (needs.owned && user) {
    const owned = await ownedByPrint({ db, user });
    ctx.owned = (print) => owned.get(print.id) ?? 0;
  }
  if (needs.wishlist && user) {
    const wished = new Set((await wishlistIds({ db, user })).cardIds);
    ctx.wishlist = (print) => wished.has(print.id);
  }
  return ctx;
}

type Verdicts = Record<FormatValue, ReturnType<typeof cardLegality>['status']>;

/**
 * legal: and banned: as the card page says them (cards.service getCard): a card number is legal when it may be played
 * (a restricted card too, one copy), banned when banned; a rotated card is neither. One verdict per card number.
 */
function legality(regulations: Awaited<ReturnType<typeof currentRegulations>>, game: GameCategory): Pick<PrintContext, 'legal' | 'banned'> {
  const formats = { standard: deckFormat(game, 'standard'), extra: deckFormat(game, 'extra') };
  const day = today();
  const verdicts = new Map<string, Verdicts | null>();
  const verdict = (print: Card, format: FormatValue) => {
    let found = verdicts.get(print.cardNumber);
    if (found === undefined) {
      const { standard, extra } = formats;
      found = standard && extra ? { standard: cardLegality(print, standard, { day, regulations }).status, extra: cardLegality(print, extra, { day, regulations }).status } : null;
      verdicts.set(print.cardNumber, found);
    }
    return found?.[format] ?? null;
  };
  return {
    legal: (print, format) => {
      const status = verdict(print, format);
      return status === 'legal' || status === 'restricted';
    },
    banned: (print, format) => verdict(print, format) === 'banned',
  };
}

/** Prints evaluated between two turns of the event loop (a pause gives one only after its time budget). */
const STEP = 256;

/**
 * The prints the query selects, in the order given: `prints` (the new cards of an import), else every print of the
 * game's library (the catalogue index, in the library's order). Long lists give the event loop a turn between steps.
 */
export async function searchPrints({ db, ast, ctx, prints, game = 'onepiece' }: { db: Db; ast: SearchNode; ctx: PrintContext; prints?: readonly Card[]; game?: GameCategory }): Promise<Card[]> {
  const list = prints ?? [...(await catalogueIndex(db)).byId.values()].filter((p) => p.gameCategory === game);
  const pause = createPause();
  const out: Card[] = [];
  for (let i = 0; i < list.length; i += STEP) {
    if (i > 0) await pause();
    for (const print of list.slice(i, i + STEP)) if (matches(ast, print, ctx)) out.push(print);
  }
  return out;
}
