import type { AppDeps } from './context';

/**
 * A user's plan facts changed (an admin's grant, a payment webhook, a family membership): PLANS_CHANNEL carries their
 * id to every replica, whose open notification streams tell that user's tabs (`event: subscription`, spec §7's
 * realtime subscription), which then read their status again. The user's cached sessions are dropped first, so the
 * read that follows, and every gate, sees the new plan.
 */
export const PLANS_CHANNEL = 'plans';

export async function planChanged(deps: Pick<AppDeps, 'auth' | 'events'>, userIds: Iterable<string>) {
  for (const userId of new Set(userIds)) {
    await deps.auth?.sessionCache?.invalidateUser(userId);
    await deps.events?.notify(PLANS_CHANNEL, userId);
  }
}
