import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/index';
import { AppError } from './errors';

/**
 * Counts one attempt for `key` in a fixed window and tells whether it is within `max`. The counter
 * lives in the database (one statement, no race), so every replica shares it.
 */
export async function consumeRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<boolean> {
  const now = Date.now();
  const windowStart = now - windowSeconds * 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.lastRequest} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} < ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= max;
}

/** Counts one attempt like consumeRateLimit, and answers 429 RATE_LIMITED when it is over `max`. */
export async function enforceRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  if (!(await consumeRateLimit(db, key, max, windowSeconds))) throw new AppError('RATE_LIMITED', 429, 'Too many requests. Please try again later.');
}
