import { z } from 'zod';
import { LANGUAGE_CODES } from '../locales';
import { Email } from './auth';
import { MAX_TEXT_LENGTH, Text } from './common';

/**
 * The contact form (issue 18, spec §2 information pages): anyone may write; the message is stored, mailed to
 * SUPPORT_EMAIL and listed in the admin area.
 */

/** Text limits of the form. */
export const CONTACT_LIMITS = { name: 100, subject: 150, message: 5000 } as const;

/**
 * Whether a text has no control character: none at all in one-line fields (a name, a subject: they go into mail
 * headers), only tab and line breaks in the message.
 */
export function hasNoControlCharacters(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (multiline && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
  }
  return true;
}

const line = (max: number, required: string, tooLong: string) =>
  Text(max, { tooLong })
    .min(1, required)
    .refine((v) => hasNoControlCharacters(v), 'validation.invalidCharacters');

export const ContactRequest = z.object({
  name: line(CONTACT_LIMITS.name, 'validation.contactNameRequired', 'validation.contactNameTooLong'),
  email: Email,
  subject: line(CONTACT_LIMITS.subject, 'validation.contactSubjectRequired', 'validation.contactSubjectTooLong'),
  message: Text(CONTACT_LIMITS.message, { tooLong: 'validation.contactMessageTooLong' })
    .min(1, 'validation.contactMessageRequired')
    .refine((v) => hasNoControlCharacters(v, { multiline: true }), 'validation.invalidCharacters'),
  /** The language the sender wrote from (the app's), so an answer can be written in it. */
  locale: z.enum(LANGUAGE_CODES).optional(),
  /** A field people never see and robots fill in: when it is not empty the message is dropped (and the answer is the same). */
  website: z.string().max(MAX_TEXT_LENGTH).optional(),
});
export type ContactRequest = z.infer<typeof ContactRequest>;
export type ContactRequestInput = z.input<typeof ContactRequest>;

/** The answer to a message sent (also to one the honeypot dropped: nothing tells them apart). */
export const ContactResponse = z.object({ received: z.literal(true) });
export type ContactResponse = z.infer<typeof ContactResponse>;

const CONTACT_MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type ContactMailStatus = (typeof CONTACT_MAIL_STATUSES)[number];

/** The admin list's filter: messages still to handle (the default), handled ones, or all. */
export const CONTACT_MESSAGE_FILTERS = ['open', 'handled', 'all'] as const;
export type ContactMessageFilter = (typeof CONTACT_MESSAGE_FILTERS)[number];

const pageParam = (max: number, fallback: number) => z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(max).default(fallback));

export const AdminContactMessagesQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONTACT_MESSAGE_FILTERS).default('open')),
  page: pageParam(10000, 1),
  pageSize: pageParam(100, 25),
});
export type AdminContactMessagesQuery = z.infer<typeof AdminContactMessagesQuery>;

export const AdminContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  /** Plain text as sent: shown escaped, line breaks kept. */
  message: z.string(),
  locale: z.string().nullable(),
  /** The sender's account when they were signed in, with its user name if they have one. */
  userId: z.string().nullable(),
  username: z.string().nullable(),
  mailStatus: z.enum(CONTACT_MAIL_STATUSES).describe('Whether the mail to SUPPORT_EMAIL went out'),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  /** The name of the admin who marked it handled. */
  handledBy: z.string().nullable(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessage>;

export const AdminContactMessageListResponse = z.object({
  items: z.array(AdminContactMessage),
  total: z.number().int().describe('Messages matching the filter'),
  open: z.number().int().describe('Messages not handled yet (whatever the filter)'),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminContactMessageListResponse = z.infer<typeof AdminContactMessageListResponse>;

export const ContactMessageIdParam = z.object({ id: z.uuid('validation.invalidId') });

export const UpdateContactMessageRequest = z.object({ handled: z.boolean() });
export type UpdateContactMessageRequest = z.infer<typeof UpdateContactMessageRequest>;
