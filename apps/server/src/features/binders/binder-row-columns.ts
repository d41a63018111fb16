import type { AddBinderCardsRequest, UpdateBinderCardRequest } from '@grandline/core/contracts/binders';
import { toMajor, toMinor } from '@grandline/core/money/money';
import { getTableColumns, sql, type SQL, type SQLChunk } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { binderCards } from '../../db/schema/index';

/**
 * A binder row's columns, described once (docs/binder-rows.md). Every write path reads this description: the bulk
 * upsert behind adds and imports (raw SQL through `unnest`, for speed), the lean update (one raw statement) and the full
 * update (Drizzle, merging twin rows). Adding a column to `binder_cards` is one entry in BINDER_ROW_COLUMNS: its type
 * demands an entry for every column of the table but where and when the row was written (id, binder, time added).
 */

type StoredRow = typeof binderCards.$inferSelect;
/** The values of a row that an input gives: every column but id, binder_id and added_at. */
export type NewRow = Omit<StoredRow, 'id' | 'binderId' | 'addedAt'>;
type Key = keyof NewRow;

/**
 * A row to add: a card of an add request (the contract), or a row a file reader read (its condition, language and
 * currency checked there). Anything left out takes its default; the price is in major units of its currency (12.5).
 */
type RowInput = Omit<AddBinderCardsRequest['cards'][number], 'condition' | 'language' | 'purchaseCurrency'> & {
  condition?: string | null;
  language?: string | null;
  purchaseCurrency?: string | null;
};
/** A change to one row: the update request (the contract); a field left out keeps its value. */
type Change = UpdateBinderCardRequest;

/** A value that needs the stored row to be computed (the lean update then leaves the change to the full one). */
const NEEDS_ROW = Symbol('needs the stored row');

type ColumnRule<K extends Key> = {
  /**
   * key: tells the row from the binder's other rows (with binder_id, the unique index: a new value may merge two rows).
   * copies: added together when rows meet (at most 999,999). detail: goes with the other columns of its group, led by
   * the group's first column (null there: not recorded), and a group is always taken whole from one row: copies added
   * to a stored row bring their group when it is recorded (upsertStatement); of two rows merged (in one request, or
   * twins after a change) the kept row's group stays unless it is not recorded (mergeInto).
   */
  role: 'key' | 'copies' | 'detail';
  group?: string;
  /** The stored value of a new row. */
  fromInput: (input: RowInput) => NewRow[K];
  /** The stored value after a change; undefined keeps the stored one. Columns without it are never changed. */
  fromChange?: (change: Change, row: StoredRow | undefined) => NewRow[K] | undefined | typeof NEEDS_ROW;
};

const hasPrice = (i: RowInput) => i.purchasePrice !== null && i.purchasePrice !== undefined;

const BINDER_ROW_COLUMNS: { [K in Key]: ColumnRule<K> } = {
  cardId: { role: 'key', fromInput: (i) => i.cardId },
  quantity: { role: 'copies', fromInput: (i) => i.quantity ?? 1, fromChange: (c) => c.quantity },
  // An unknown condition or language is the empty string, so the unique key holds.
  condition: { role: 'key', fromInput: (i) => i.condition ?? '', fromChange: (c) => (c.condition === undefined ? undefined : (c.condition ?? '')) },
  language: { role: 'key', fromInput: (i) => i.language ?? '', fromChange: (c) => (c.language === undefined ? undefined : (c.language ?? '')) },
  // What was paid, in integer minor units of its currency (packages/core/src/money); the price and its currency go together.
  purchasePriceMinor: {
    role: 'detail',
    group: 'price',
    fromInput: (i) => (hasPrice(i) ? toMinor(i.purchasePrice!, i.purchaseCurrency ?? null) : null),
    fromChange: (c, row) => {
      if (c.purchasePrice === null) return null;
      // A new price is read in the row's (new) currency.
      if (c.purchasePrice !== undefined) {
        if (c.purchaseCurrency !== undefined) return toMinor(c.purchasePrice, c.purchaseCurrency);
        return row ? toMinor(c.purchasePrice, row.purchaseCurrency) : NEEDS_ROW;
      }
      if (c.purchaseCurrency === undefined) return undefined;
      // A new currency alone keeps the amount as written (12.50 BRL becomes 12.50 USD), in the new currency's minor units.
      if (!row) return NEEDS_ROW;
      return row.purchasePriceMinor !== null && c.purchaseCurrency !== row.purchaseCurrency ? toMinor(toMajor(row.purchasePriceMinor, row.purchaseCurrency), c.purchaseCurrency) : undefined;
    },
  },
  purchaseCurrency: { role: 'detail', group: 'price', fromInput: (i) => (hasPrice(i) ? (i.purchaseCurrency ?? null) : null), fromChange: (c) => c.purchaseCurrency },
  // A wishlist row that any print of its number satisfies (trades, issue 44).
  anyPrint: { role: 'detail', group: 'anyPrint', fromInput: (i) => i.anyPrint ?? null, fromChange: (c) => c.anyPrint },
};

/** The described columns in order, each with its Drizzle column (its SQL name and type come from the schema). */
const ROW_COLUMNS = (Object.entries(BINDER_ROW_COLUMNS) as [Key, ColumnRule<Key>][]).map(([key, rule]) => ({ key, column: binderCards[key] as PgColumn, ...rule }));
/** The columns that tell a row from the binder's other rows, with binder_id (the unique index). */
export const KEY_COLUMNS = ROW_COLUMNS.filter((c) => c.role === 'key');
/** The first column of each detail group: null there means the group is not recorded. */
const leadOf = (group: string | undefined) => ROW_COLUMNS.find((c) => c.group === group)!;

/** The one mapper from an input to the stored values of a new row. */
export function rowFromInput(input: RowInput): NewRow {
  const row: Partial<Record<Key, unknown>> = {};
  for (const c of ROW_COLUMNS) row[c.key] = c.fromInput(input);
  return row as NewRow;
}

/**
 * The values a change sets (columns it leaves alone are absent). Without the stored row, null when a value needs it
 * (a price without its currency, a currency without its price).
 */
export function changeOf(change: Change, row?: StoredRow): Partial<NewRow> | null {
  const values: Partial<Record<Key, unknown>> = {};
  for (const c of ROW_COLUMNS) {
    const value = c.fromChange?.(change, row);
    if (value === NEEDS_ROW) return null;
    if (value !== undefined) values[c.key] = value;
  }
  return values as Partial<NewRow>;
}

/** A change's values with the stored row's for every changeable column: what the full update sets. */
export const changedRow = (row: StoredRow, values: Partial<NewRow>): Partial<NewRow> =>
  Object.fromEntries(ROW_COLUMNS.filter((c) => c.fromChange).map((c) => [c.key, c.key in values ? values[c.key] : row[c.key]]));

/** Two rows of one print, condition and language become one: what the kept row takes (copies summed; a group not recorded there is taken whole from the other). */
export function mergeInto(kept: NewRow, other: NewRow): Partial<NewRow> {
  const values: Partial<Record<Key, unknown>> = {};
  for (const c of ROW_COLUMNS) {
    if (c.role === 'copies') values[c.key] = Math.min((kept[c.key] as number) + (other[c.key] as number), 999_999);
    else if (c.role === 'detail' && kept[leadOf(c.group).key] === null) values[c.key] = other[c.key];
  }
  return values as Partial<NewRow>;
}

/** The key of a row among the binder's rows (print, condition, language). */
export const keyOf = (row: NewRow) => KEY_COLUMNS.map((c) => row[c.key]).join('\u0000');

const name = (c: { column: PgColumn }) => sql.identifier(c.column.name);
const list = (parts: SQLChunk[]) => sql.join(parts, sql`, `);

/**
 * Adding rows in one statement, whatever their number: the columns go as one array each through `unnest` (2.5–3×
 * faster than multi-row VALUES for a 10,000-row import, and no 65,535-parameter limit). A row already stored (same
 * print, condition and language) takes the copies added and each detail group given now.
 */
export function upsertStatement(binderId: string, rows: NewRow[]): SQL {
  const names = list(ROW_COLUMNS.map(name));
  const arrays = list(ROW_COLUMNS.map((c) => sql`${sql.param(rows.map((r) => r[c.key]))}::${sql.raw(c.column.getSQLType())}[]`));
  const updates = ROW_COLUMNS.flatMap((c) => {
    if (c.role === 'copies') return [sql`${name(c)} = least(${c.column} + excluded.${name(c)}, 999999)`];
    if (c.role === 'detail') return [sql`${name(c)} = case when excluded.${name(leadOf(c.group))} is null then ${c.column} else excluded.${name(c)} end`];
    return [];
  });
  return sql`
    insert into ${binderCards} (${sql.identifier(binderCards.binderId.name)}, ${names})
    select ${binderId}, ${list(ROW_COLUMNS.map((c) => sql`t.${name(c)}`))}
    from unnest(${arrays}) as t(${names})
    on conflict (${sql.identifier(binderCards.binderId.name)}, ${list(KEY_COLUMNS.map(name))}) do update set ${list(updates)}`;
}

/** `column = value` for each value, for a raw update. */
export const setList = (values: Partial<NewRow>) => list(ROW_COLUMNS.filter((c) => c.key in values).map((c) => sql`${name(c)} = ${values[c.key]}`));

const TABLE_COLUMNS = Object.entries(getTableColumns(binderCards));
/** Every column of the table, for a raw statement's `returning`. */
export const allColumns = list(TABLE_COLUMNS.map(([, column]) => sql.identifier(column.name)));
/** A row a raw statement answered (SQL names, driver values), as Drizzle reads it. */
export const storedRowOf = (raw: Record<string, unknown>): StoredRow =>
  Object.fromEntries(TABLE_COLUMNS.map(([key, column]) => [key, raw[column.name] === null ? null : column.mapFromDriverValue(raw[column.name])])) as StoredRow;
