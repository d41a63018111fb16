/** Channel of "new notifications" (raised by whichever replica made them): see notificationsPayload. */
export const NOTIFICATIONS_CHANNEL = 'notifications';

/** PostgreSQL's NOTIFY payload limit is 8,000 bytes: a longer list of users wakes every stream instead. */
const MAX_USERS_PAYLOAD_BYTES = 7_000;

/**
 * The payload of NOTIFICATIONS_CHANNEL: the users who got notifications, so a replica wakes only their streams; when
 * they do not fit, none are named and every open stream looks for its own.
 */
export function notificationsPayload(userIds: Iterable<string>): string {
  const users = [...new Set(userIds)];
  const named = JSON.stringify({ users });
  return Buffer.byteLength(named, 'utf8') <= MAX_USERS_PAYLOAD_BYTES ? named : JSON.stringify({ users: null });
}

/** The users a NOTIFICATIONS_CHANNEL payload names; null: every open stream looks for its own. */
export function usersOfPayload(payload: string): string[] | null {
  try {
    const parsed = JSON.parse(payload) as { users?: unknown };
    return Array.isArray(parsed.users) ? parsed.users.filter((u): u is string => typeof u === 'string') : null;
  } catch {
    return null;
  }
}
