import type { CardHoldingsResponse } from '@grandline/core/contracts/cards';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';

type Rows<T> = { rows: T[] };

/**
 * The user's decks and binders holding any print of the card's number, with their copies: decks by main-deck copies
 * (or as Leader), binders by copies across conditions and languages; names in order, at most 100 of each.
 */
export async function cardHoldings({ db, userId, cardId }: { db: Db; userId: string; cardId: number }): Promise<CardHoldingsResponse> {
  const card = (await db.execute(sql`select card_number, game_category from cards where id = ${cardId}`)) as unknown as Rows<{ card_number: string; game_category: string }>;
  const found = card.rows[0];
  if (!found) throw notFound('CARD_NOT_FOUND', 'Card not found');
  const prints = sql`(select id from cards where game_category = ${found.game_category} and card_number = ${found.card_number})`;
  const decks = (await db.execute(sql`
    select d.id, d.name,
           coalesce((select sum(dc.quantity) from deck_cards dc where dc.deck_id = d.id and dc.card_id in ${prints}), 0)::int as quantity,
           d.leader_card_id in ${prints} as leader
      from decks d
     where d.user_id = ${userId}
       and (d.leader_card_id in ${prints} or exists (select 1 from deck_cards dc where dc.deck_id = d.id and dc.card_id in ${prints}))
     order by lower(d.name), d.id
     limit 100`)) as unknown as Rows<{ id: string; name: string; quantity: number; leader: boolean }>;
  const binders = (await db.execute(sql`
    select b.id, b.name, b.category, sum(bc.quantity)::int as quantity
      from binders b join binder_cards bc on bc.binder_id = b.id
     where b.user_id = ${userId} and bc.card_id in ${prints}
     group by b.id, b.name, b.category
     order by lower(b.name), b.id
     limit 100`)) as unknown as Rows<{ id: string; name: string; category: string; quantity: number }>;
  return {
    cardNumber: found.card_number,
    decks: decks.rows.map((d) => ({ id: d.id, name: d.name, quantity: Number(d.quantity), leader: Boolean(d.leader) })),
    binders: binders.rows.map((b) => ({ id: b.id, name: b.name, category: b.category, quantity: Number(b.quantity) })),
  };
}
