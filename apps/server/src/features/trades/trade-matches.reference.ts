import { sql, type SQL } from 'drizzle-orm';
import type { TraderStanding } from './trading-settings.service';

/*
 * The reference for the trade book (ADR 025): the single statement that answered GET /api/trades/matches before the
 * book, kept as an independent evaluation of the same rules — trade-book.test.ts checks the book against it line for
 * line. Not used to answer requests. It starts from the asking user's side — their
 * wishlist rows and their Trade rows, a few thousand at most — and reaches the other users' rows through
 * binder_cards' card_id index, never scanning everyone's binders:
 *
 * - cand: the users who may be matched: open, with a user name, not the asker, and each side's countries allowing the
 *   other (empty: any; a user's country is profiles.country_code), optionally of one country;
 * - th (they have): their Trade rows of prints on my wishlist — the wished print itself, or for an "any print" row any
 *   print of its number — whose condition is at least as good as the row's (when it names one; a copy of unknown
 *   condition satisfies no condition) and whose language is the row's (when it names one);
 * - yh (you have): my Trade rows against their wishlists, by the same rules;
 * - each side is capped at what is wanted: per wish row the matching copies are taken in order (the exact print
 *   first, then by print and row) until the row's quantity is reached, and a Trade row never gives more than it holds.
 */

const CONDITION_RANK = sql`array['M','NM','SP','MP','HP','D']::text[]`;
/** A copy's condition satisfies a wish row's: the row names none, or the copy's is as good or better. */
const conditionOk = (copy: SQL, wish: SQL) => sql`(${wish} = '' or coalesce(array_position(${CONDITION_RANK}, ${copy}), 99) <= coalesce(array_position(${CONDITION_RANK}, ${wish}), 0))`;
const languageOk = (copy: SQL, wish: SQL) => sql`(${wish} = '' or ${copy} = ${wish})`;

export interface MatchRow {
  uid: string;
  /** 't': they have (theirs on my wishlist); 'y': you have (mine on theirs). */
  side: 't' | 'y';
  card_id: number;
  quantity: number;
}

export function matchesSql({ me, standing, country }: { me: string; standing: TraderStanding; country?: string }): SQL {
  const myCountries = standing.countries;
  return sql`
with cand as materialized (
  select ts.user_id as uid
  from trading_settings ts join profiles p on p.id = ts.user_id
  where ts.open and ts.user_id <> ${me} and p.username is not null
    and (cardinality(ts.countries) = 0 or ${standing.country}::text = any(ts.countries))
    and (${myCountries.length === 0}::boolean or upper(p.country_code) = any(${sql.param(myCountries)}::text[]))
    ${country ? sql`and upper(p.country_code) = ${country}` : sql``}
),
my_wish as (
  select bc.id as wid, bc.card_id, c.card_number as num, coalesce(bc.any_print, false) as any_print, bc.condition, bc.language, bc.quantity
  from binders b join binder_cards bc on bc.binder_id = b.id join cards c on c.id = bc.card_id
  where b.user_id = ${me} and b.category = 'wishlist'
),
wish_prints as (
  select wid, card_id, 0 as alt, condition, language, quantity from my_wish
  union all
  select w.wid, c2.id, 1, w.condition, w.language, w.quantity
  from my_wish w join cards c2 on c2.card_number = w.num and c2.id <> w.card_id where w.any_print
),
th as (
  select b.user_id as uid, wp.wid, wp.quantity as wanted, wp.alt, bc.id as tid, bc.card_id, bc.quantity as have
  from wish_prints wp
  join binder_cards bc on bc.card_id = wp.card_id
  join binders b on b.id = bc.binder_id and b.category = 'trade'
  join cand on cand.uid = b.user_id
  where ${conditionOk(sql`bc.condition`, sql`wp.condition`)} and ${languageOk(sql`bc.language`, sql`wp.language`)}
),
my_trade as (
  select bc.id as tid, bc.card_id, c.card_number as num, bc.condition, bc.language, bc.quantity
  from binders b join binder_cards bc on bc.binder_id = b.id join cards c on c.id = bc.card_id
  where b.user_id = ${me} and b.category = 'trade'
),
trade_prints as (
  select tid, card_id, card_id as wish_card, 0 as alt, condition, language, quantity from my_trade
  union all
  select t.tid, t.card_id, c2.id, 1, t.condition, t.language, t.quantity
  from my_trade t join cards c2 on c2.card_number = t.num and c2.id <> t.card_id
),
yh as (
  select b.user_id as uid, w.id as wid, w.quantity as wanted, tp.alt, tp.tid, tp.card_id, tp.quantity as have
  from trade_prints tp
  join binder_cards w on w.card_id = tp.wish_card
  join binders b on b.id = w.binder_id and b.category = 'wishlist'
  join cand on cand.uid = b.user_id
  where (tp.alt = 0 or w.any_print) and ${conditionOk(sql`tp.condition`, sql`w.condition`)} and ${languageOk(sql`tp.language`, sql`w.language`)}
),
both_sides as (
  select 't' as side, * from th union all select 'y', * from yh
),
taken as (
  select side, uid, tid, card_id, have,
    greatest(0, least(have, wanted - (sum(have) over (partition by side, uid, wid order by alt, card_id, tid rows unbounded preceding) - have))) as alloc
  from both_sides
),
per_row as (
  select side, uid, tid, card_id, least(max(have), sum(alloc)) as q from taken group by side, uid, tid, card_id
)
select uid, side, card_id, sum(q)::int as quantity from per_row group by uid, side, card_id having sum(q) > 0`;
}
