import type { PlanId } from '@grandline/core/plans';

/**
 * The plan a user is on. Every user is on Free until billing exists (the plans issue stores subscriptions and answers
 * from them here); every gate already asks this function and `planLimits` (packages/core/src/plans.ts).
 */
export function planOf(_user: { id: string }): PlanId {
  return 'free';
}
