/** The languages e-mails and push messages are written in (the user's profile language; English otherwise). */
export type Lang = 'en' | 'pt' | 'es';

export const languageOf = (value: string | null | undefined): Lang => (value === 'pt' || value === 'es' ? value : 'en');

/** The language of a request: the app's own header (the language the user picked), else Accept-Language; English otherwise. */
export function requestLanguage(headers: Headers | undefined): Lang {
  const wanted = headers?.get('x-grandline-language') ?? headers?.get('accept-language') ?? '';
  return languageOf(wanted.trim().slice(0, 2).toLowerCase());
}

/** A template's {name} placeholders filled with the values (a missing one is left empty). */
export const fillTemplate = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** Text made safe inside HTML, attribute values included. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The public address without trailing slashes, for the links an e-mail carries. */
export function siteBase(publicUrl: string): string {
  let base = publicUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  return base;
}
