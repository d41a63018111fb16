import type { ObjectStore } from './object-store';
import type { BillingConfig } from './billing-config';
import type { Mailer } from './mail';
import type { PushConfig } from './push-config';
import type { PriceConfig } from './price-config';
import type { TournamentConfig } from './tournament-config';
import type { BetterAuthOptions } from 'better-auth';
import type { Db, DbEvents } from '../db/client';
import type { Logger } from './logger';
import type { CachedSession, SessionCache, SessionLookup, SessionUser } from './session-cache';

/** What the request's session cookie resolved to (lib/auth-gate.ts): its cache key and entry, and the cache's epoch when read. */
export interface ResolvedSession {
  key: string | null;
  entry: CachedSession;
  epoch: number;
}

export type { SessionUser } from './session-cache';

/**
 * What the layers under the features use of the authentication library: the instance made by
 * features/auth/auth.ts (createAuth) is one. Declared here so that lib/ does not import a feature.
 */
export interface AuthService {
  api: {
    getSession(context: { headers: Headers; returnHeaders: true }): Promise<{ headers: Headers; response: { user: SessionUser; session: { expiresAt: Date } } | null }>;
  };
  options: BetterAuthOptions;
  /** Resolved sessions kept in this process (lib/session-cache.ts). */
  sessionCache?: SessionCache;
  /** A cache miss in one statement (features/auth/session-lookup.ts), given the session cookie's value and the Cookie header. */
  lookupSession?: (cookieValue: string, cookieHeader: string) => Promise<SessionLookup>;
}

/** A card's thumbnails made from an image, not kept yet (features/images/card-images.ts). */
type CardArtThumbnails = readonly { width: 160 | 320 | 640; body: Buffer }[];

/**
 * The art an admin links to a print they add (features/images/card-art.ts): fetched from a public https address and
 * kept as the print's thumbnails, served under /img/cards like the catalogue's art.
 */
export interface CardArtService {
  /** Fetches the image and makes its thumbnails; an AppError (422 IMAGE_UNAVAILABLE) when it cannot be had. */
  fetch(address: string): Promise<CardArtThumbnails>;
  /** Keeps them as the card's art. */
  keep(cardId: number, thumbnails: CardArtThumbnails): Promise<void>;
  /** Removes the card's art (the print was removed). */
  drop(cardId: number): Promise<void>;
}

export interface AppDeps {
  db: Db;
  log: Logger;
  /** The authentication library's instance (made by features/auth/auth.ts, createAuth); absent when sign-in is off. */
  auth?: AuthService;
  /**
   * Events across server processes (PostgreSQL LISTEN/NOTIFY; in-process on the embedded database): db/client.ts.
   * buildApp always sets it (optional only for hand-made deps in tests).
   */
  events?: DbEvents;
  /**
   * Aborted when the server starts to stop: long-lived responses (server-sent events) end their streams on it, so
   * shutdown does not wait for them. buildApp always sets it.
   */
  closing?: AbortSignal;
  /**
   * Runs a scheduled job now, through the scheduler (its advisory lock keeps replicas apart); settles when the run
   * ends. Throws at once when this process has no such job (JOBS leaves it out). Absent: jobs cannot be started here.
   */
  runJob?: (name: string) => Promise<unknown>;
  /** Mail to users outside the authentication flows (family invitations), with the app's public address for links. */
  mail?: { mailer: Mailer; publicUrl: string };
  /** Web Push (features/push); absent when not configured. */
  push?: PushConfig;
  /** Where avatars are kept (disk or bucket, lib/object-store.ts); buildApp always sets it. */
  avatars?: ObjectStore;
  /** Art linked by admins to the prints they add; absent when this server serves no card images. */
  cardArt?: CardArtService;
  config: {
    trustProxy: boolean | number;
    geoipUrl?: string;
    /** Largest request body under /api (JSON), and largest uploaded file (binder import), in bytes. */
    maxJsonBodyBytes: number;
    maxUploadBytes: number;
    /** Price sources, demo prices and the BR estimate (features/prices/price-config.ts). */
    prices: PriceConfig;
    /** Tournament sources (lib/tournament-config.ts). */
    tournaments: TournamentConfig;
    /** Payments (features/billing/billing-config.ts); absent when Stripe is not configured. */
    billing?: BillingConfig;
    /** Members a Family plan's owner may invite besides themselves (FAMILY_MAX_MEMBERS). */
    familyMaxMembers: number;
    /** Where contact-form messages are mailed (SUPPORT_EMAIL); buildApp always sets it (default: lib/env.ts). */
    supportEmail?: string;
  };
}

export interface AppEnv {
  Variables: { deps: AppDeps; user: SessionUser; session: ResolvedSession | null };
}
