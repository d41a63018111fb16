import { z } from 'zod';

/**
 * Web Push (issue 17): a device's browser subscribes with its push service and gives the app the subscription
 * (PushSubscription.toJSON()); price alerts and family invitations then also arrive as notifications on the device.
 */
const Base64Url = (min: number, max: number) =>
  z
    .string('validation.pushSubscriptionInvalid')
    .min(min, 'validation.pushSubscriptionInvalid')
    .max(max, 'validation.pushSubscriptionInvalid')
    .regex(/^[\w-]+=*$/, 'validation.pushSubscriptionInvalid');

const PushEndpoint = z
  .string('validation.pushSubscriptionInvalid')
  .max(2048, 'validation.pushSubscriptionInvalid')
  .url('validation.pushSubscriptionInvalid');

export const PushSubscriptionRequest = z.object({
  endpoint: PushEndpoint,
  /** Set by the browser; ignored. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    /** The device's P-256 public key (65 bytes, base64url: 87 characters). */
    p256dh: Base64Url(80, 100),
    /** The device's 16-byte authentication secret (base64url: 22 characters). */
    auth: Base64Url(16, 32),
  }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

export const PushUnsubscribeRequest = z.object({ endpoint: PushEndpoint });

export const PushConfigResponse = z.object({
  enabled: z.boolean().describe('Whether this server sends Web Push (VAPID keys configured or generated)'),
  publicKey: z.string().nullable().describe("The server's VAPID public key (applicationServerKey), base64url"),
});
export type PushConfigResponse = z.infer<typeof PushConfigResponse>;

export const PushTestResponse = z.object({
  sent: z.number().int().describe('Devices the test notification was delivered to'),
  removed: z.number().int().describe('Subscriptions the push service said are gone (404/410), now removed'),
});
export type PushTestResponse = z.infer<typeof PushTestResponse>;
