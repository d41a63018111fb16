import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { cardSets } from './card-sets';
import { gameCategories } from './game-categories';

export const cards = pgTable(
  'cards',
  {
    id: serial('id').primaryKey(),
    gameCategory: text('game_category')
      .notNull()
      .references(() => gameCategories.id),
    /** Print image name + product: the import's natural key (one print can be in two products). */
    sourceKey: text('source_key').notNull().unique(),
    sourceHash: text('source_hash').notNull(),
    cardNumber: text('card_number').notNull(),
    setId: integer('set_id').references(() => cardSets.id),
    name: text('name').notNull(),
    cardType: text('card_type').notNull(),
    cost: integer('cost'),
    power: integer('power'),
    counter: integer('counter'),
    life: integer('life'),
    colors: text('colors').array().notNull().default(sql`'{}'::text[]`),
    attributes: text('attributes').array().notNull().default(sql`'{}'::text[]`),
    subtypes: text('subtypes').array().notNull().default(sql`'{}'::text[]`),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    cardText: text('card_text'),
    rarity: text('rarity').notNull(),
    blockIcon: text('block_icon'),
    /**
     * The block that judges this card number under rotation: the newest block icon among all prints of the number
     * (a reprint with a newer icon keeps the number legal), or a non-number ("X") or null when a print has no block
     * number (never rotated). Set at import for every print of the number.
     */
    rotationBlock: text('rotation_block'),
    /** The set code of the print that gives rotationBlock (e.g. ST-31), shown when it is not this print's own. */
    rotationSet: text('rotation_set'),
    isVariation: boolean('is_variation').notNull().default(false),
    variant: text('variant'),
    /** Sort key that keeps a number's base print first, then its parallels in order. */
    printOrder: integer('print_order').notNull().default(0),
    artworkUrl: text('artwork_url'),
    /**
     * Added by hand by an admin for a number the card package lacks (sourceKey manual:…); merged into the package's
     * print of the same number by the import that brings it.
     */
    manual: boolean('manual').notNull().default(false),
    /** Given by an admin with a print added by hand (spec: card import schema); the package's prints have none. */
    flavorText: text('flavor_text'),
    artist: text('artist'),
    /** Where the print may be played, as the admin wrote it (not the deck rules' computed legality). */
    legalityText: text('legality_text'),
    /** Lowercased, accent-free name + number + text + types: what text search matches. */
    searchText: text('search_text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cards_number_idx').on(t.gameCategory, t.cardNumber, t.printOrder),
    index('cards_set_idx').on(t.setId),
    index('cards_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('cards_colors_idx').using('gin', t.colors),
  ],
);
