import { z } from 'zod';
import { Email } from './auth';

/**
 * Family sharing (issue 16): a Family plan's owner invites members by e-mail; members get Hobby and see the binders
 * the family shares. Members are shown by user name and display name; e-mail addresses only to the owner, who typed them.
 */
export const FamilyInviteRequest = z.object({ email: Email });
export type FamilyInviteRequest = z.infer<typeof FamilyInviteRequest>;

const Person = z.object({ userId: z.string(), username: z.string().nullable(), name: z.string() });

export const FamilyResponse = z.object({
  role: z.enum(['owner', 'member']).nullable().describe('owner: has members or invitations; member: belongs to a family; null: neither'),
  canOwn: z.boolean().describe("Whether the user's own plan is Family, so they may invite"),
  maxMembers: z.number().int().describe('Members a family may have besides its owner (FAMILY_MAX_MEMBERS)'),
  owner: Person.nullable().describe('The family owner, for a member'),
  members: z.array(Person.extend({ email: z.string().nullable().describe('Shown to the owner only'), joinedAt: z.string() })),
  invites: z.array(z.object({ id: z.string(), email: z.string(), createdAt: z.string() })).describe("The owner's pending invitations"),
  received: z.array(z.object({ id: z.string(), from: Person, createdAt: z.string() })).describe('Invitations sent to the user’s e-mail address'),
});
export type FamilyResponse = z.infer<typeof FamilyResponse>;

export const FamilyIdParam = z.object({ id: z.string().min(1).max(64) });
export const FamilyMemberParam = z.object({ userId: z.string().min(1).max(64) });

/** GET /api/family/binders: the binders the people of the user's family share with it (the user's own included). */
export const FamilyBindersResponse = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string(), category: z.string(), cardCount: z.number().int(), owner: Person, updatedAt: z.string() })),
});
export type FamilyBindersResponse = z.infer<typeof FamilyBindersResponse>;
