import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { TraderStanding } from './trading-settings.service';

/*
 * The trade book (issue 44, ADR 026): every open user's Trade rows and wishlist rows, kept in this process as compact
 * arrays so that matching one user against a thousand others is a loop over memory, not a join of half a million
 * rows per request. It is a cache, never a record: each request reads every open user's revision
 * (trading_settings.rev, raised by the database's own triggers when a transaction that changed their Trade or wishlist
 * rows commits — migration 0029) and reloads the users whose revision moved, so every replica answers from what is
 * committed, and no write path can forget to tell it.
 */

/** One user's rows of one kind as parallel arrays, ordered by row id. */
export interface RowSet {
  /** binder_cards.id */
  id: Int32Array;
  card: Int32Array;
  /** The card number, as an index into the book's numbers. */
  num: Int32Array;
  /**
   * Trade rows: the copy's condition rank (1 M … 6 D, 99 unknown). Wishlist rows: the worst rank the row accepts
   * (100 any, 0 a condition nobody's copy can meet).
   */
  cond: Int8Array;
  /** The language, as an index into the book's languages (0: not said). */
  lang: Int32Array;
  qty: Int32Array;
  /** Wishlist rows: any print of the number will do. */
  any: Uint8Array;
}

export interface TraderRows {
  trade: RowSet;
  wish: RowSet;
}

/** An open user as the matching sees them: standing (countries), name and rows. */
export interface OpenTrader extends TraderStanding {
  uid: string;
  username: string | null;
  rows: TraderRows;
}

const CONDITIONS = ['M', 'NM', 'SP', 'MP', 'HP', 'D'];
/** A copy's condition: its rank, 99 when unknown (it satisfies no wished condition). */
const copyRank = (c: string) => (CONDITIONS.includes(c) ? CONDITIONS.indexOf(c) + 1 : 99);
/** A wished condition: the worst rank accepted; none said accepts any copy, an unknown one none. */
const wishRank = (c: string) => (c === '' ? 100 : CONDITIONS.includes(c) ? CONDITIONS.indexOf(c) + 1 : 0);

/** Users reloaded per statement: bounded arrays for the database, a pause for other requests between them. */
const LOAD_CHUNK = 100;

interface Entry {
  rev: number;
  rows: TraderRows;
}

class Book {
  readonly entries = new Map<string, Entry>();
  private readonly nums = new Map<string, number>();
  private readonly langs = new Map<string, number>([['', 0]]);
  /** Refreshes run one after another: two requests at once load a changed user once. */
  private queue: Promise<unknown> = Promise.resolve();

  intern(map: Map<string, number>, value: string) {
    let id = map.get(value);
    if (id === undefined) map.set(value, (id = map.size));
    return id;
  }

  /** The rows of the users of `revs` at (at least) those revisions. */
  refresh(db: Db, revs: Map<string, number>): Promise<Map<string, TraderRows>> {
    const run = this.queue.then(() => this.load(db, revs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async load(db: Db, revs: Map<string, number>) {
    for (const uid of this.entries.keys()) if (!revs.has(uid)) this.entries.delete(uid);
    const stale = [...revs].filter(([uid, rev]) => this.entries.get(uid)?.rev !== rev);
    for (let i = 0; i < stale.length; i += LOAD_CHUNK) {
      const chunk = stale.slice(i, i + LOAD_CHUNK);
      const loaded = new Map<string, TraderRows>(chunk.map(([uid]) => [uid, { trade: this.rowSet([]), wish: this.rowSet([]) }]));
      for (const r of await rowsOf(db, chunk.map(([uid]) => uid))) {
        const rows = loaded.get(r.uid)!;
        const lines = r.ids.map((id, k) => ({ id, card: r.cards[k]!, num: r.nums[k]!, cond: r.conds[k]!, lang: r.langs[k]!, qty: r.qtys[k]!, any: r.anys[k]! }));
        if (r.trade) rows.trade = this.rowSet(lines, copyRank);
        else rows.wish = this.rowSet(lines, wishRank);
      }
      for (const [uid, rev] of chunk) this.entries.set(uid, { rev, rows: loaded.get(uid)! });
      await new Promise((resolve) => setImmediate(resolve));
    }
    return new Map([...revs.keys()].map((uid) => [uid, this.entries.get(uid)!.rows]));
  }

  private rowSet(lines: { id: number; card: number; num: string; cond: string; lang: string; qty: number; any: boolean }[], rank = copyRank): RowSet {
    const n = lines.length;
    const set: RowSet = { id: new Int32Array(n), card: new Int32Array(n), num: new Int32Array(n), cond: new Int8Array(n), lang: new Int32Array(n), qty: new Int32Array(n), any: new Uint8Array(n) };
    lines.forEach((l, k) => {
      set.id[k] = l.id;
      set.card[k] = l.card;
      set.num[k] = this.intern(this.nums, l.num);
      set.cond[k] = rank(l.cond);
      set.lang[k] = this.intern(this.langs, l.lang);
      set.qty[k] = l.qty;
      set.any[k] = l.any ? 1 : 0;
    });
    return set;
  }
}

interface LoadedRows {
  uid: string;
  trade: boolean;
  ids: number[];
  cards: number[];
  nums: string[];
  conds: string[];
  langs: string[];
  qtys: number[];
  anys: boolean[];
}

/** The Trade and wishlist rows of some users, one row of arrays per user and kind (the embedded database hands over rows slowly). */
async function rowsOf(db: Db, uids: string[]): Promise<LoadedRows[]> {
  const result = (await db.execute(sql`
    select b.user_id as uid, b.category = 'trade' as trade,
      array_agg(bc.id order by bc.id) as ids, array_agg(bc.card_id order by bc.id) as cards,
      array_agg(c.card_number order by bc.id) as nums, array_agg(bc.condition order by bc.id) as conds,
      array_agg(bc.language order by bc.id) as langs, array_agg(bc.quantity order by bc.id) as qtys,
      array_agg(coalesce(bc.any_print, false) order by bc.id) as anys
    from binders b join binder_cards bc on bc.binder_id = b.id join cards c on c.id = bc.card_id
    where b.user_id = any(${sql.param(uids)}::text[]) and b.category in ('trade', 'wishlist')
    group by b.user_id, b.category = 'trade'`)) as unknown as { rows: LoadedRows[] };
  return result.rows;
}

const books = new WeakMap<Db, Book>();

/**
 * Every open user who has a user name, with their rows as of now: one small query for the revisions, then the rows
 * of those whose revision moved since this process last read them.
 */
export async function openTraders(db: Db): Promise<OpenTrader[]> {
  let book = books.get(db);
  if (!book) books.set(db, (book = new Book()));
  const result = (await db.execute(sql`
    select coalesce(array_agg(ts.user_id), '{}') as uids, coalesce(array_agg(ts.rev::float8), '{}') as revs,
      coalesce(array_agg(array_to_string(ts.countries, ',')), '{}') as countries,
      coalesce(array_agg(upper(p.country_code)), '{}') as country, coalesce(array_agg(p.username), '{}') as usernames
    from trading_settings ts left join profiles p on p.id = ts.user_id
    where ts.open`)) as unknown as { rows: { uids: string[]; revs: number[]; countries: string[]; country: (string | null)[]; usernames: (string | null)[] }[] };
  const open = result.rows[0]!;
  const rows = await book.refresh(db, new Map(open.uids.map((uid, k) => [uid, Number(open.revs[k])])));
  return open.uids.map((uid, k) => ({
    uid,
    open: true,
    username: open.usernames[k] ?? null,
    countries: open.countries[k] ? open.countries[k]!.split(',') : [],
    country: open.country[k] ?? null,
    rows: rows.get(uid)!,
  }));
}
