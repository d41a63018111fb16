import type { SearchMatchData } from '@grandline/core/contracts/watches';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { MailMessage, Mailer } from '../../lib/mail';
import { escapeHtml, fillTemplate as fill, languageOf, siteBase, type Lang } from '../../lib/mail-text';
import { pushOutbox, sendOutboxMail } from '../../lib/notification-outbox';
import type { PushConfig } from '../../lib/push-config';
import { pushToUser } from '../push/push.service';

/*
 * The e-mail and push message of a saved search's new-card notice (search_match), in the user's language. E-mails
 * follow the user's alert e-mails switch (profiles.alert_emails, "E-mail me when a price alert fires"): a saved search
 * is, like a price alert, a watch the user set on the catalogue for themselves, unlike the community e-mails, which
 * are about what other people did (docs/search-language.md "Saved searches").
 */

const TEXTS = {
  subject: {
    en: 'New cards match your saved search “{name}”',
    pt: 'Novas cartas correspondem à sua busca salva “{name}”',
    es: 'Nuevas cartas coinciden con tu búsqueda guardada «{name}»',
  },
  lineOne: {
    en: 'A new card entered the library and matches “{name}” ({q}):',
    pt: 'Uma carta nova entrou na biblioteca e corresponde a “{name}” ({q}):',
    es: 'Una carta nueva entró en la biblioteca y coincide con «{name}» ({q}):',
  },
  lineMany: {
    en: '{count} new cards entered the library and match “{name}” ({q}):',
    pt: '{count} cartas novas entraram na biblioteca e correspondem a “{name}” ({q}):',
    es: '{count} cartas nuevas entraron en la biblioteca y coinciden con «{name}» ({q}):',
  },
  more: { en: '…and {count} more.', pt: '…e mais {count}.', es: '…y {count} más.' },
  open: { en: 'See them in the library:', pt: 'Veja na biblioteca:', es: 'Míralas en la biblioteca:' },
  optOut: {
    en: 'You get this e-mail because you saved this search on Grand Line. To stop these e-mails, turn off “E-mail me when a price alert fires” in Settings, or delete the search:',
    pt: 'Você recebe este e-mail porque salvou esta busca no Grand Line. Para não receber mais, desative “Enviar e-mail quando um alerta de preço disparar” em Configurações, ou apague a busca:',
    es: 'Recibes este correo porque guardaste esta búsqueda en Grand Line. Para dejar de recibirlos, desactiva “Enviarme un correo cuando se active una alerta de precio” en Configuración, o borra la búsqueda:',
  },
} as const;

type SearchMatchNotification = { kind: 'search_match'; data: SearchMatchData };

const KINDS = ['search_match'] as const;

/** The library page of the search: its query in the address, so the link runs it. */
const searchPath = (data: SearchMatchData) => `/cards?q=${encodeURIComponent(data.q)}`;

const cardLine = (c: SearchMatchData['cards'][number]) => (c.variant ? `${c.name} (${c.cardNumber}, ${c.variant})` : `${c.name} (${c.cardNumber})`);

/** A notice's title, sentence and the cards it lists, in the user's language (its e-mail, its push message). */
function searchMatchTexts(data: SearchMatchData, language: string | null | undefined): { lang: Lang; subject: string; line: string; cards: string[]; more: string | null } {
  const lang = languageOf(language);
  const values = { name: data.searchName, q: data.q, count: String(data.total) };
  const hidden = data.total - data.cards.length;
  return {
    lang,
    subject: fill(TEXTS.subject[lang], values),
    line: fill((data.total === 1 ? TEXTS.lineOne : TEXTS.lineMany)[lang], values),
    cards: data.cards.map(cardLine),
    more: hidden > 0 ? fill(TEXTS.more[lang], { count: String(hidden) }) : null,
  };
}

/** The e-mail of a notice: plain text, and HTML with every value escaped. */
function searchMatchMail(data: SearchMatchData, language: string | null | undefined, to: string, publicUrl: string): MailMessage {
  const { lang, subject, line, cards, more } = searchMatchTexts(data, language);
  const base = siteBase(publicUrl);
  const link = `${base}${searchPath(data)}`;
  const settings = `${base}/settings?tab=preferences`;
  const list = [...cards.map((c) => `- ${c}`), ...(more ? [more] : [])].join('\n');
  return {
    to,
    subject,
    text: `${line}\n\n${list}\n\n${TEXTS.open[lang]} ${link}\n\n${TEXTS.optOut[lang]} ${settings}\n`,
    html:
      `<p>${escapeHtml(line)}</p><ul>${cards.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>` +
      (more ? `<p>${escapeHtml(more)}</p>` : '') +
      `<p>${escapeHtml(TEXTS.open[lang])} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p style="color:#666">${escapeHtml(TEXTS.optOut[lang])} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  };
}

/**
 * Sends the e-mail of every notice not e-mailed yet (lib/notification-outbox). A user whose alert e-mails are off gets
 * none; a failed send is released for the next call. Answers how many were sent.
 */
export function sendSearchMatchEmails({ db, mailer, log, publicUrl }: { db: Db; mailer: Mailer; log: Logger; publicUrl: string }): Promise<number> {
  return sendOutboxMail<SearchMatchNotification>({
    db,
    mailer,
    log,
    kinds: KINDS,
    preference: 'alert_emails',
    compose: (row, to) => searchMatchMail(row.notification.data, row.language, to, publicUrl),
  });
}

/** Pushes every notice not pushed yet to its user's devices; answers how many devices were reached. */
export function pushSearchMatches(deps: { db: Db; config: PushConfig; log: Logger }): Promise<number> {
  return pushOutbox<SearchMatchNotification>({
    db: deps.db,
    kinds: KINDS,
    push: async ({ id, userId, language, notification }) => {
      const texts = searchMatchTexts(notification.data, language);
      return (await pushToUser(deps, userId, { title: texts.subject, body: texts.cards.slice(0, 3).join(', '), url: searchPath(notification.data), tag: `search-${id}` })).sent;
    },
  });
}
