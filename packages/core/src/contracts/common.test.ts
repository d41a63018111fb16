import { describe, expect, it } from 'vitest';
import { AddBinderCardsRequest, BinderName, BinderRowParam } from './binders';
import { CardsQuery } from './cards';
import { HttpsImageUrl, ImageUrl, INT32_MAX, IntId, IntIdParam, isSafeImageUrl, isStorableText, Text } from './common';
import { DeckIdParam } from './decks';
import { UpdateProfileRequest } from './account';

/** The distinct messages of a failed parse (a value can break several checks with one message). */
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => [...new Set(result.error?.issues.map((i) => i.message))];

describe('shared building blocks of the contracts', () => {
  it('refuses NUL and lone surrogates in text, and bounds its length', () => {
    expect(isStorableText('Luffy 👒 مرحبا')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('a\udc00')).toBe(false);
    expect(isStorableText('\ud83d\udc52')).toBe(true);
    const name = Text(10, { tooLong: 'too.long' }).min(1, 'required');
    expect(name.parse('  Zoro  ')).toBe('Zoro');
    expect(messages(name.safeParse('Zo\u0000ro'))).toEqual(['validation.invalidCharacters']);
    expect(messages(name.safeParse('x'.repeat(11)))).toEqual(['too.long']);
    expect(messages(name.safeParse('   '))).toEqual(['required']);
    expect(Text(3, { trim: false }).safeParse('  a ').success).toBe(false);
  });

  it('keeps ids within PostgreSQL integer columns', () => {
    expect(IntId().parse(INT32_MAX)).toBe(INT32_MAX);
    for (const bad of [2 ** 31, 2 ** 53, 0, -1, 1.5, 1e308, null, '1']) expect(messages(IntId().safeParse(bad)), String(bad)).toEqual(['validation.invalidId']);
    expect(IntIdParam().parse('42')).toBe(42);
    for (const bad of ['2147483648', 'NaN', 'Infinity', '-1', '', 'abc']) expect(IntIdParam().safeParse(bad).success, bad).toBe(false);
  });

  it("accepts only https image addresses (http for this machine): 'Invalid image URL' otherwise", () => {
    for (const ok of ['https://cdn.example.com/a.png', 'http://localhost:3000/a.png', 'http://127.0.0.1/a.png']) expect(isSafeImageUrl(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:image/png;base64,AAAA', 'http://evil.example/a.png', 'file:///etc/passwd', '//evil.example/a.png', 'not a url', `https://x.example/${'a'.repeat(3000)}`, 'https://a.example/\u0000']) {
      expect(isSafeImageUrl(bad), bad).toBe(false);
      expect(messages(ImageUrl.safeParse(bad))).toEqual(['validation.imageUrlInvalid']);
    }
  });

  it("accepts only https for an image the server fetches (a print's art), not even http on this machine", () => {
    expect(HttpsImageUrl.parse(' https://cdn.example.com/art/op01-001.png?v=2 ')).toBe('https://cdn.example.com/art/op01-001.png?v=2');
    for (const bad of ['http://localhost:3000/a.png', 'http://cdn.example.com/a.png', 'https://user:secret@cdn.example.com/a.png', 'https://', 'ftp://cdn.example.com/a.png', '/img/cards/1/320.webp', 'javascript:alert(1)', '', 42]) {
      expect(messages(HttpsImageUrl.safeParse(bad)), String(bad)).toEqual(['validation.imageUrlInvalid']);
    }
  });

  it('is what the contracts use: names, ids, searches, avatars', () => {
    expect(messages(BinderName.safeParse('Main\u0000'))).toEqual(['validation.invalidCharacters']);
    expect(BinderRowParam.safeParse({ id: '7f8a3c1e-2b4d-4e6f-8a9b-0c1d2e3f4a5b', rowId: '2147483648' }).success).toBe(false);
    expect(messages(AddBinderCardsRequest.safeParse({ cards: [{ cardId: 2 ** 31 }] }))).toEqual(['validation.invalidCardId']);
    expect(DeckIdParam.safeParse({ id: 'abc\u0000' }).success).toBe(false);
    expect(messages(CardsQuery.safeParse({ q: 'luffy\u0000' }))).toEqual(['validation.invalidCharacters']);
    expect(messages(UpdateProfileRequest.safeParse({ avatarUrl: 'javascript:alert(1)' }))).toEqual(['validation.imageUrlInvalid']);
    expect(messages(UpdateProfileRequest.safeParse({ displayName: 'a\u0000' }))).toEqual(['validation.invalidCharacters']);
  });
});
