import type { AcceptTermsRequest, MeResponse, UpdateProfileRequest } from '@grandline/core/contracts/account';
import { plainText } from '../../lib/plain-text';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { currentLegalVersion, termsState } from '../../db/consent';
import { isUniqueViolation } from '../../db/pg-errors';
import { profiles, userConsents, userCookiePreferences, users } from '../../db/schema/index';
import type { SessionUser } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { avatarImage, avatarLinkOf } from '../profiles/avatar.service';

export async function getMe({ db, user, terms }: { db: Db; user: SessionUser; terms?: MeResponse['consent'] }): Promise<MeResponse> {
  const [[row], consent] = await Promise.all([
    db.select({ profile: profiles, createdAt: users.createdAt }).from(users).leftJoin(profiles, eq(profiles.id, users.id)).where(eq(users.id, user.id)),
    terms ?? termsState(db, user.id),
  ]);
  const profile = row?.profile;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: (row?.createdAt ?? new Date()).toISOString(),
      avatarUrl: profile?.avatarUrl ?? user.image ?? null,
      avatarImage: avatarImage(user.id, avatarLinkOf(profile?.avatarUrl, user.image)),
      role: user.role === 'admin' ? 'admin' : 'user',
      emailConfirmed: user.emailVerified,
    },
    profile: {
      username: profile?.username ?? null,
      countryCode: profile?.countryCode ?? null,
      displayName: profile?.displayName ?? null,
      bio: profile?.bio ?? null,
      avatarUrl: profile?.avatarUrl ?? null,
      onboardingCompleted: profile?.onboardingCompleted ?? false,
      planSelectionCompleted: profile?.planSelectionCompleted ?? false,
      language: (profile?.language as MeResponse['profile']['language']) ?? null,
      currency: (profile?.currency as MeResponse['profile']['currency']) ?? null,
      theme: (profile?.theme as MeResponse['profile']['theme']) ?? null,
      animations: profile?.animations ?? null,
      marketplace: (profile?.marketplace as MeResponse['profile']['marketplace']) ?? null,
      priceType: (profile?.priceType as MeResponse['profile']['priceType']) ?? null,
      alertEmails: profile?.alertEmails ?? true,
      communityEmails: profile?.communityEmails ?? true,
    },
    consent,
  };
}

/** A user name is available when no other profile has it, in any letter case. */
export async function isUsernameAvailable({ db, name, exceptUserId }: { db: Db; name: string; exceptUserId?: string }) {
  const where = exceptUserId
    ? and(sql`lower(${profiles.username}) = lower(${name})`, ne(profiles.id, exceptUserId))
    : sql`lower(${profiles.username}) = lower(${name})`;
  const [taken] = await db.select({ id: profiles.id }).from(profiles).where(where).limit(1);
  return !taken;
}

const usernameTaken = () => new AppError('USERNAME_TAKEN', 409, 'This user name is already taken', [{ path: 'username', message: 'This user name is already taken' }]);

/**
 * Accepting the terms (spec §4): records the terms, privacy and marketing consents with the current
 * versions, the cookie choices, and completes the profile — all in one transaction.
 */
export async function acceptTerms({
  db,
  user,
  data,
  userAgent,
}: {
  db: Db;
  user: SessionUser;
  data: AcceptTermsRequest;
  userAgent: string | null;
}): Promise<MeResponse> {
  if (!(await isUsernameAvailable({ db, name: data.username, exceptUserId: user.id }))) throw usernameTaken();
  const [tosVersion, privacyVersion] = await Promise.all([currentLegalVersion(db, 'terms_of_service'), currentLegalVersion(db, 'privacy_policy')]);
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(profiles)
        .values({ id: user.id, username: data.username, countryCode: data.countryCode, onboardingCompleted: true, planSelectionCompleted: false })
        .onConflictDoUpdate({
          target: profiles.id,
          set: { username: data.username, countryCode: data.countryCode, onboardingCompleted: true, planSelectionCompleted: false, updatedAt: now },
        });
      const consents = [
        { consentType: 'tos', given: true, version: tosVersion },
        { consentType: 'privacy', given: true, version: privacyVersion },
        { consentType: 'marketing', given: data.marketingConsent, version: tosVersion },
      ];
      for (const c of consents) {
        await tx
          .insert(userConsents)
          .values({ userId: user.id, ...c, createdAt: now, locale: data.locale ?? null, userAgent })
          .onConflictDoUpdate({
            target: [userConsents.userId, userConsents.consentType, userConsents.version],
            set: { given: c.given, createdAt: now, locale: data.locale ?? null, userAgent },
          });
      }
      if (data.cookieConsent) {
        for (const [cookieType, enabled] of Object.entries(data.cookieConsent)) {
          await tx
            .insert(userCookiePreferences)
            .values({ userId: user.id, cookieType, enabled: cookieType === 'necessary' ? true : enabled, updatedAt: now })
            .onConflictDoUpdate({
              target: [userCookiePreferences.userId, userCookiePreferences.cookieType],
              set: { enabled: cookieType === 'necessary' ? true : enabled, updatedAt: now },
            });
        }
      }
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
  return getMe({ db, user: { ...user, role: fresh?.role ?? user.role } });
}

/** Changes only the profile fields sent; creates the profile row when the user has none yet. */
export async function updateProfile({ db, user, data }: { db: Db; user: SessionUser; data: UpdateProfileRequest }): Promise<MeResponse> {
  const values = { ...data, ...(data.bio !== undefined ? { bio: data.bio === null ? null : plainText(data.bio) || null } : {}) };
  await db
    .insert(profiles)
    .values({ id: user.id, ...values })
    .onConflictDoUpdate({ target: profiles.id, set: { ...values, updatedAt: new Date() } });
  return getMe({ db, user });
}

/**
 * Deletes the account and everything that belongs to it (sessions, sign-in methods, profile,
 * consents and every later feature's rows reference users with ON DELETE CASCADE).
 */
export async function deleteAccount({ db, user, confirmation }: { db: Db; user: SessionUser; confirmation: string }) {
  if (confirmation.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError('VALIDATION_ERROR', 400, 'Type your e-mail address to confirm', [
      { path: 'confirmation', message: 'Type your e-mail address to confirm' },
    ]);
  }
  await db.delete(users).where(eq(users.id, user.id));
}
