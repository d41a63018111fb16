import { LEGAL_VERSION } from '@grandline/core/legal';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from './client';
import { legalVersions, userConsents } from './schema/index';

/**
 * The legal documents in effect and a user's acceptance of the terms: read by the gate of every action
 * (lib/auth-gate.ts) and by the account feature (GET /api/me, /api/legal/version, accepting the terms).
 */
export type LegalDocType = 'terms_of_service' | 'privacy_policy';

/**
 * How long the version in effect is reused before it is read again: versions are only added by migrations, and one
 * that takes effect at midnight is seen within this time. Every signed-in write asks for it (the terms gate).
 */
const LEGAL_VERSION_TTL_MS = 60_000;
const legalVersionCache = new WeakMap<Db, Map<LegalDocType, { version: string; until: number }>>();

/** The newest version of a legal document already in effect; 1.0 when none is recorded (spec §5). Kept a minute per process. */
export async function currentLegalVersion(db: Db, docType: LegalDocType): Promise<string> {
  let byDoc = legalVersionCache.get(db);
  if (!byDoc) legalVersionCache.set(db, (byDoc = new Map()));
  const cached = byDoc.get(docType);
  if (cached && Date.now() < cached.until) return cached.version;
  const version = await readLegalVersion(db, docType);
  byDoc.set(docType, { version, until: Date.now() + LEGAL_VERSION_TTL_MS });
  return version;
}

async function readLegalVersion(db: Db, docType: LegalDocType): Promise<string> {
  const [row] = await db
    .select({ version: legalVersions.version })
    .from(legalVersions)
    .where(and(eq(legalVersions.docType, docType), lte(legalVersions.effectiveDate, sql`current_date`)))
    .orderBy(desc(legalVersions.effectiveDate))
    .limit(1);
  return row?.version ?? LEGAL_VERSION;
}

/** Whether the user's newest terms consent is given and for the current version. */
export async function termsState(db: Db, userId: string) {
  const current = await currentLegalVersion(db, 'terms_of_service');
  const [latest] = await db
    .select()
    .from(userConsents)
    .where(and(eq(userConsents.userId, userId), eq(userConsents.consentType, 'tos')))
    .orderBy(desc(userConsents.createdAt), desc(userConsents.id))
    .limit(1);
  return termsStateOf(latest, current);
}

/** The terms state a user's newest terms consent gives against the version in effect (also read by the one-statement session read). */
export function termsStateOf(latest: { given: boolean; version: string; createdAt: Date } | null | undefined, current: string) {
  return {
    tosAccepted: Boolean(latest?.given && latest.version === current),
    tosVersion: latest?.version ?? null,
    tosTimestamp: latest ? latest.createdAt.toISOString() : null,
    currentTosVersion: current,
  };
}
