import type { TraderResponse, TradingSettings, TradingSettingsRequest } from '@grandline/core/contracts/trades';
import { AppError } from '../../lib/errors';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, tradingSettings } from '../../db/schema/index';

/*
 * Trading settings (issue 44): opt-in. No row is the same as closed. Nothing here is cached: every match and every
 * proposal reads the row, so turning trading off hides the user at once, on every replica.
 */

const CLOSED: TradingSettings = { open: false, note: null, countries: [] };

/** The user's trading settings (closed when never set). */
export async function getTradingSettings(db: Db, userId: string): Promise<TradingSettings> {
  const [row] = await db.select({ open: tradingSettings.open, note: tradingSettings.note, countries: tradingSettings.countries }).from(tradingSettings).where(eq(tradingSettings.userId, userId));
  return row ?? CLOSED;
}

/**
 * Sets the user's trading settings. `note` and `countries` left out keep what was stored (a switch that only turns
 * trading on or off does not wipe the note); null clears the note.
 */
export async function putTradingSettings(db: Db, userId: string, input: TradingSettingsRequest): Promise<TradingSettings> {
  const countries = input.countries ? [...new Set(input.countries.map((c) => c.toUpperCase()))] : undefined;
  const note = input.note === undefined ? undefined : input.note?.trim() || null;
  const [row] = await db
    .insert(tradingSettings)
    .values({ userId, open: input.open, note: note ?? null, countries: countries ?? [] })
    .onConflictDoUpdate({
      target: tradingSettings.userId,
      set: { open: input.open, ...(note !== undefined ? { note } : {}), ...(countries ? { countries } : {}), updatedAt: sql`now()` },
    })
    .returning({ open: tradingSettings.open, note: tradingSettings.note, countries: tradingSettings.countries });
  return row!;
}

/** Whether the user is open to trades now (no row: no). */
export async function isOpenToTrades(db: Db, userId: string): Promise<boolean> {
  return (await getTradingSettings(db, userId)).open;
}

/**
 * What deciding whether two users may trade needs of one of them: whether they are open, the countries they trade
 * with (empty: any) and their own country (profiles.country_code).
 */
export interface TraderStanding {
  open: boolean;
  countries: string[];
  country: string | null;
}

export async function traderStanding(db: Db, userId: string): Promise<TraderStanding> {
  const [row] = await db
    .select({ open: tradingSettings.open, countries: tradingSettings.countries, country: profiles.countryCode })
    .from(tradingSettings)
    .leftJoin(profiles, eq(profiles.id, tradingSettings.userId))
    .where(eq(tradingSettings.userId, userId));
  return { open: row?.open ?? false, countries: row?.countries ?? [], country: row?.country?.toUpperCase() ?? null };
}

/** Whether two users' countries allow them to trade: each one's list (empty: any) holds the other's country. */
export function countriesAllow(a: TraderStanding, b: TraderStanding): boolean {
  const allows = (who: TraderStanding, other: TraderStanding) => who.countries.length === 0 || (other.country !== null && who.countries.includes(other.country));
  return allows(a, b) && allows(b, a);
}

/**
 * A user open to trades as their public profile shows them (GET /api/traders/{username}): note, countries and what
 * stands between the viewer and a proposal. A user who does not exist or is not open: TRADER_NOT_FOUND, the same 404
 * a proposal to them gets.
 */
export async function publicTrader(db: Db, viewerId: string | null, username: string): Promise<TraderResponse> {
  const [row] = await db
    .select({ id: profiles.id, username: profiles.username, open: tradingSettings.open, note: tradingSettings.note })
    .from(profiles)
    .innerJoin(tradingSettings, eq(tradingSettings.userId, profiles.id))
    .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()));
  if (!row?.open || !row.username) throw new AppError('TRADER_NOT_FOUND', 404, 'No user open to trades has this username');
  const them = await traderStanding(db, row.id);
  const blocked = await (async (): Promise<TraderResponse['blocked']> => {
    if (!viewerId) return 'signed_out';
    if (viewerId === row.id) return 'self';
    const me = await traderStanding(db, viewerId);
    if (!me.open) return 'not_open';
    return countriesAllow(me, them) ? null : 'country';
  })();
  return { username: row.username, open: true, note: row.note, countries: them.countries, blocked };
}
