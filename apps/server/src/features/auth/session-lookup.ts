import { createHmac, timingSafeEqual } from 'node:crypto';
import { LEGAL_VERSION } from '@grandline/core/legal';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { termsStateOf } from '../../db/consent';
import { preparedPerDb } from '../../db/prepared';
import { sessions, users } from '../../db/schema/index';
import { planFacts, planFactsSql } from '../../lib/plans';
import type { SessionLookup } from '../../lib/session-cache';

/**
 * A session cache miss in one statement (issue 20): the session by its token, its user, the user's terms state
 * (their newest terms consent and the version in effect) and plan facts (lib/plans.ts) in a single prepared query, instead of the authentication
 * library's session read, user read and the two terms reads.
 *
 * It follows the library's own session endpoint (better-auth `getSession`) and hands every case it does not cover back
 * to it, so the library stays the authority on anything that writes:
 * - the cookie must carry a valid signature (HMAC-SHA256 of the token with the signing secret, as better-call signs it),
 *   else there is no session, as the library answers;
 * - a session that is due for its daily refresh, that has expired or is unknown (the library deletes it and clears the
 *   cookie), and requests with the library's other session cookies (`dont_remember`, `session_data`) go to the library.
 */
export interface SessionLookupConfig {
  /** The signing secret the library uses (its context's `secret`). */
  secret: string;
  /** The library's cookie names: the session token, and the two cookies that make a request go to the library. */
  cookies: { sessionToken: string; dontRemember: string; sessionData: string };
  /** The library's session lifetime and refresh age, in seconds. */
  expiresIn: number;
  updateAge: number;
}

/** better-call's signature: base64 of a 32-byte HMAC, 44 characters ending in '='. */
const SIGNATURE_LENGTH = 44;

/** The token of a signed cookie value (`token.signature`, URL-encoded), or null when the signature does not match. */
export function verifiedToken(cookieValue: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(cookieValue);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== SIGNATURE_LENGTH || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** Whether a Cookie header names a cookie (a name match on a `;`-separated list, linear in its length). */
function hasCookie(cookieHeader: string, name: string): boolean {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return true;
  }
  return false;
}

/** The newest terms consent of the user, and the terms version in effect (spec §5: 1.0 when none is recorded). */
const latestConsent = sql<{ version: string; given: boolean; at: string } | null>`(
  select json_build_object('version', c.version, 'given', c.given, 'at', c.created_at)
  from user_consents c where c.user_id = ${users.id} and c.consent_type = 'tos'
  order by c.created_at desc, c.id desc limit 1)`;
const termsInEffect = sql<string | null>`(
  select v.version from legal_versions v where v.doc_type = 'terms_of_service' and v.effective_date <= current_date
  order by v.effective_date desc limit 1)`;

const lookupStatement = preparedPerDb((db) =>
  db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      emailVerified: users.emailVerified,
      role: users.role,
      consent: latestConsent,
      currentTosVersion: termsInEffect,
      planFacts: planFactsSql(users.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_lookup'),
);

/** The lookup of one database and one library configuration; the statement is prepared once. */
export function createSessionLookup(db: Db, config: () => Promise<SessionLookupConfig>) {
  return async function lookup(cookieValue: string, cookieHeader: string, now = Date.now()): Promise<SessionLookup> {
    const cfg = await config();
    const token = verifiedToken(cookieValue, cfg.secret);
    if (token === null) return { kind: 'none' };
    if (hasCookie(cookieHeader, cfg.cookies.dontRemember) || hasCookie(cookieHeader, cfg.cookies.sessionData)) return { kind: 'library' };
    const [row] = await lookupStatement(db).execute({ token });
    if (!row) return { kind: 'library' };
    const expiresAt = row.expiresAt.getTime();
    const dueForRefresh = expiresAt - cfg.expiresIn * 1000 + cfg.updateAge * 1000 <= now;
    if (expiresAt <= now || dueForRefresh) return { kind: 'library' };
    const consent = row.consent;
    return {
      kind: 'found',
      sessionExpiresAt: expiresAt,
      user: {
        id: row.id,
        email: row.email,
        name: row.name,
        image: row.image,
        emailVerified: row.emailVerified,
        role: row.role,
      },
      terms: termsStateOf(consent && { ...consent, createdAt: new Date(consent.at) }, row.currentTosVersion ?? LEGAL_VERSION),
      plan: planFacts(row.planFacts),
    };
  };
}
