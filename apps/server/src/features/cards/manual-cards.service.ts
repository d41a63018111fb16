import type { Card } from '@grandline/core/contracts/cards';
import type { CreateManualCardRequest, ManualCardsResponse } from '@grandline/core/contracts/manual-cards';
import type { CreateManualCardRequest as CreateSchema } from '@grandline/core/contracts/manual-cards';
import { normalizeSearchText } from '@grandline/core/slug';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbEvents } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { binderCards, cardSets, cards } from '../../db/schema/index';
import type { CardArtService } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { cardColumns, toCard } from '../../catalogue/card-row';
import { emitDomainEvent } from '../../lib/domain-events';
import { clearCardCaches } from './cards.service';

/** The channel on which a replica says the library changed without an import (a print added or removed by hand). */
export const CATALOGUE_CHANNEL = 'catalogue';

const GAME = 'onepiece';
const manualKey = (number: string) => `manual:${GAME}:${number}`;
type Input = z.output<typeof CreateSchema>;

async function libraryChanged(events: Pick<DbEvents, 'notify'> | undefined) {
  clearCardCaches();
  await events?.notify(CATALOGUE_CHANNEL, 'manual').catch(() => undefined);
}

/** The prints added by hand, newest first, each saying whether the package has its number now. */
export async function listManualCards(db: Db): Promise<ManualCardsResponse['items']> {
  const rows = await db
    .select({
      ...cardColumns,
      inPackage: sql<boolean>`exists (select 1 from ${cards} p where p.game_category = ${cards.gameCategory} and p.card_number = ${cards.cardNumber} and not p.manual)`,
    })
    .from(cards)
    .leftJoin(cardSets, eq(cards.setId, cardSets.id))
    .where(eq(cards.manual, true))
    .orderBy(sql`${cards.id} desc`);
  return rows.map(({ inPackage, ...row }) => ({ ...toCard(row as Parameters<typeof toCard>[0]), inPackage }));
}

const exists = () => new AppError('CARD_EXISTS', 409, 'This card number is already in the library');

/**
 * Adds a print the package lacks; a number the library already has is refused (CARD_EXISTS). Its linked art
 * (`imageUrl`) is fetched first — an address that gives no image is a 422 and nothing is created — then the print and
 * its thumbnails are kept together: a thumbnail that cannot be stored undoes the print.
 */
export async function createManualCard({ db, events, art, input }: { db: Db; events?: Pick<DbEvents, 'notify'>; art?: CardArtService; input: CreateManualCardRequest & Input }): Promise<Card> {
  const [known] = await db.select({ id: cards.id }).from(cards).where(and(eq(cards.gameCategory, GAME), eq(cards.cardNumber, input.cardNumber))).limit(1);
  if (known) throw exists();
  const imageUrl = input.imageUrl || null;
  if (imageUrl && !art) throw new AppError('IMAGES_NOT_CONFIGURED', 409, 'This server keeps no card images: add the print without imageUrl');
  const thumbnails = imageUrl && art ? await art.fetch(imageUrl) : null;
  const subtypes = input.subtypes ?? [];
  const cardText = input.cardText?.trim() || null;
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cards)
        .values({
          gameCategory: GAME,
          sourceKey: manualKey(input.cardNumber),
          sourceHash: 'manual',
          cardNumber: input.cardNumber,
          setId: null,
          name: input.name,
          cardType: input.cardType,
          cost: input.cost ?? null,
          power: input.power ?? null,
          counter: input.counter ?? null,
          life: input.life ?? null,
          colors: input.colors,
          subtypes,
          cardText,
          rarity: input.rarity,
          blockIcon: input.blockIcon,
          // The number has this print only: its own block judges it under rotation.
          rotationBlock: input.blockIcon,
          rotationSet: null,
          isVariation: false,
          variant: null,
          printOrder: 0,
          artworkUrl: imageUrl,
          manual: true,
          searchText: normalizeSearchText([input.name, input.cardNumber, cardText ?? '', subtypes.join(' ')].join(' ')),
          flavorText: input.flavorText || null,
          artist: input.artist || null,
          legalityText: input.legality || null,
        })
        .returning({ id: cards.id });
      if (thumbnails && art) await art.keep(row!.id, thumbnails);
      return row!.id;
    });
    await libraryChanged(events);
    // After the commit: saved searches are evaluated against the new print (lib/domain-events.ts).
    await emitDomainEvent(db, 'catalogue.prints_added', { cardIds: [id] });
    const [created] = await db.select(cardColumns).from(cards).leftJoin(cardSets, eq(cards.setId, cardSets.id)).where(eq(cards.id, id));
    return toCard(created as Parameters<typeof toCard>[0]);
  } catch (err) {
    if (isUniqueViolation(err)) throw exists();
    throw err;
  }
}

/** Removes a print added by hand that no deck or binder holds (CARD_IN_USE otherwise), and its art. */
export async function deleteManualCard({ db, events, art, log, id }: { db: Db; events?: Pick<DbEvents, 'notify'>; art?: CardArtService; log?: Logger; id: number }) {
  const [row] = await db.select({ id: cards.id }).from(cards).where(and(eq(cards.id, id), eq(cards.manual, true)));
  if (!row) throw new AppError('CARD_NOT_FOUND', 404, 'No print added by hand has this id');
  const used = await db.execute(sql`
    select exists (select 1 from deck_cards where card_id = ${id})
        or exists (select 1 from decks where leader_card_id = ${id} or cover_card_id = ${id})
        or exists (select 1 from binder_cards where card_id = ${id})
        or exists (select 1 from binders where cover_card_id = ${id}) as used`);
  if ((used as unknown as { rows: { used: boolean }[] }).rows[0]?.used) {
    throw new AppError('CARD_IN_USE', 409, 'Decks or binders hold this print: it is replaced when the card package brings its number');
  }
  await db.delete(cards).where(eq(cards.id, id));
  await libraryChanged(events);
  // Files left behind are only disk space: logged, and the print stays removed.
  await art?.drop(id).catch((err: unknown) => log?.warn({ err, cardId: id }, 'the art of a removed print was not deleted'));
}

/**
 * In the import's transaction: every print added by hand whose number the package now has is merged into the
 * package's base print of that number (deck rows, Leaders, covers and binder rows move to it, copies of a row already
 * there are added together) and removed. Returns the numbers merged, each with the package print that took its place.
 */
export async function mergeManualPrints(tx: Db): Promise<{ cardNumber: string; printId: number }[]> {
  await tx.execute(sql`
    create temporary table manual_merge as
      select m.id as old_id, m.card_number,
             (select p.id from cards p
               where p.game_category = m.game_category and p.card_number = m.card_number and not p.manual
               order by p.is_variation, p.print_order, p.id limit 1) as new_id
        from cards m where m.manual`);
  await tx.execute(sql`delete from manual_merge where new_id is null`);
  const merged = (await tx.execute(sql`select card_number, new_id from manual_merge order by card_number`)) as unknown as { rows: { card_number: string; new_id: number | string }[] };
  if (!merged.rows.length) {
    await tx.execute(sql`drop table manual_merge`);
    return [];
  }
  await tx.execute(sql`
    insert into deck_cards (deck_id, card_id, quantity, position)
      select d.deck_id, m.new_id, d.quantity, d.position from deck_cards d join manual_merge m on m.old_id = d.card_id
    on conflict (deck_id, card_id) do update set quantity = deck_cards.quantity + excluded.quantity`);
  await tx.execute(sql`delete from deck_cards d using manual_merge m where d.card_id = m.old_id`);
  await tx.execute(sql`update decks set leader_card_id = m.new_id from manual_merge m where decks.leader_card_id = m.old_id`);
  await tx.execute(sql`update decks set cover_card_id = m.new_id from manual_merge m where decks.cover_card_id = m.old_id`);
  // Every column of a binder row moves with it (read from the table, so a column added later moves too).
  const moved = Object.values(getTableColumns(binderCards)).filter((c) => c !== binderCards.id);
  await tx.execute(sql`
    insert into binder_cards (${sql.join(moved.map((c) => sql.identifier(c.name)), sql`, `)})
      select ${sql.join(moved.map((c) => (c === binderCards.cardId ? sql`m.new_id` : sql`b.${sql.identifier(c.name)}`)), sql`, `)}
        from binder_cards b join manual_merge m on m.old_id = b.card_id
    on conflict (binder_id, card_id, condition, language) do update set quantity = binder_cards.quantity + excluded.quantity`);
  await tx.execute(sql`delete from binder_cards b using manual_merge m where b.card_id = m.old_id`);
  await tx.execute(sql`update binders set cover_card_id = m.new_id from manual_merge m where binders.cover_card_id = m.old_id`);
  await tx.execute(sql`delete from cards c using manual_merge m where c.id = m.old_id`);
  await tx.execute(sql`drop table manual_merge`);
  return merged.rows.map((r) => ({ cardNumber: r.card_number, printId: Number(r.new_id) }));
}
