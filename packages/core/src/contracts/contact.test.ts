import { describe, expect, it } from 'vitest';
import { AdminContactMessagesQuery, ContactMessageIdParam, ContactRequest, hasNoControlCharacters } from './contact';

/** The first message of each field, as a form shows it. */
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries([...(result.error?.issues ?? [])].reverse().map((i) => [i.path.join('.'), i.message]));

const valid = { name: 'Nico Robin', email: 'robin@example.com', subject: 'Hello', message: 'Line one\nLine two' };

describe('contact contracts', () => {
  it('trims the fields and keeps the line breaks of the message', () => {
    expect(ContactRequest.parse({ name: '  Robin ', email: ' robin@example.com ', subject: ' Hi ', message: '\n Line one\r\n\tLine two \n' })).toEqual({
      name: 'Robin',
      email: 'robin@example.com',
      subject: 'Hi',
      message: 'Line one\r\n\tLine two',
    });
  });

  it('names each missing or too long field with its message', () => {
    expect(messages(ContactRequest.safeParse({ name: ' ', email: '', subject: '', message: '   ' }))).toEqual({
      name: 'validation.contactNameRequired',
      email: 'validation.emailRequired',
      subject: 'validation.contactSubjectRequired',
      message: 'validation.contactMessageRequired',
    });
    expect(messages(ContactRequest.safeParse({ name: 'n'.repeat(101), email: 'x', subject: 's'.repeat(151), message: 'm'.repeat(5001) }))).toEqual({
      name: 'validation.contactNameTooLong',
      email: 'validation.emailInvalid',
      subject: 'validation.contactSubjectTooLong',
      message: 'validation.contactMessageTooLong',
    });
    expect(ContactRequest.safeParse({ ...valid, name: 'n'.repeat(100), subject: 's'.repeat(150), message: 'm'.repeat(5000) }).success).toBe(true);
  });

  it('refuses control characters: any in the name and subject, all but tab and line breaks in the message', () => {
    expect(hasNoControlCharacters('Olá, 👒')).toBe(true);
    expect(hasNoControlCharacters('a\nb')).toBe(false);
    expect(hasNoControlCharacters('a\nb\tc\r\n', { multiline: true })).toBe(true);
    expect(hasNoControlCharacters('a\u001bb', { multiline: true })).toBe(false);
    expect(hasNoControlCharacters('a\u0085b', { multiline: true })).toBe(false);
    expect(messages(ContactRequest.safeParse({ ...valid, subject: 'Hi\r\nBcc: x@example.com' }))).toEqual({ subject: 'validation.invalidCharacters' });
    expect(messages(ContactRequest.safeParse({ ...valid, name: 'Ro\u0000bin' }))).toEqual({ name: 'validation.invalidCharacters' });
    expect(messages(ContactRequest.safeParse({ ...valid, message: 'bell \u0007' }))).toEqual({ message: 'validation.invalidCharacters' });
  });

  it('reads the admin query and the message id', () => {
    expect(AdminContactMessagesQuery.parse({})).toEqual({ status: 'open', page: 1, pageSize: 25 });
    expect(AdminContactMessagesQuery.parse({ status: 'all', page: '2', pageSize: '' })).toEqual({ status: 'all', page: 2, pageSize: 25 });
    expect(AdminContactMessagesQuery.safeParse({ status: 'closed' }).success).toBe(false);
    expect(ContactMessageIdParam.safeParse({ id: '00000000-0000-4000-8000-000000000000' }).success).toBe(true);
    expect(ContactMessageIdParam.safeParse({ id: '1; drop table' }).success).toBe(false);
  });
});
