import type { DeckRegulationData } from '@grandline/core/contracts/watches';
import { dateTimeFormat } from '@grandline/core/intl';
import { languageLocale } from '@grandline/core/locales';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { MailMessage, Mailer } from '../../lib/mail';
import { escapeHtml, fillTemplate as fill, languageOf, siteBase, type Lang } from '../../lib/mail-text';
import { pushOutbox, sendOutboxMail } from '../../lib/notification-outbox';
import type { PushConfig } from '../../lib/push-config';
import { pushToUser } from '../push/push.service';

/*
 * The e-mail and push message of a regulation notice (deck_regulation, issue 43), in the user's language. E-mails
 * follow the alert e-mails switch (profiles.alert_emails), as saved-search notices do: it is a watch the app keeps on
 * the user's own decks, not news of what other people did (docs/regulation-notices.md).
 */

const TEXTS = {
  subject: {
    banned: { en: 'Your deck “{deck}”: {cards} is banned from {day}', pt: 'Seu deck “{deck}”: {cards} está banida a partir de {day}', es: 'Tu mazo «{deck}»: {cards} está prohibida desde el {day}' },
    restricted: {
      en: 'Your deck “{deck}”: {cards} is limited to 1 copy from {day}',
      pt: 'Seu deck “{deck}”: {cards} fica limitada a 1 cópia a partir de {day}',
      es: 'Tu mazo «{deck}»: {cards} queda limitada a 1 copia desde el {day}',
    },
    pair: {
      en: 'Your deck “{deck}”: {cards} may no longer share a deck from {day}',
      pt: 'Seu deck “{deck}”: {cards} não podem mais estar no mesmo deck a partir de {day}',
      es: 'Tu mazo «{deck}»: {cards} ya no pueden estar en el mismo mazo desde el {day}',
    },
    rotation: {
      en: 'Your deck “{deck}”: Standard rotates on {day}',
      pt: 'Seu deck “{deck}”: o Standard rotaciona em {day}',
      es: 'Tu mazo «{deck}»: el Estándar rota el {day}',
    },
  },
  line: {
    banned: {
      en: '{cards} is banned from {day}. Your deck “{deck}” plays it: it will not be legal from that day.',
      pt: '{cards} está banida a partir de {day}. Seu deck “{deck}” a usa: ele não será legal a partir desse dia.',
      es: '{cards} está prohibida desde el {day}. Tu mazo «{deck}» la usa: no será legal desde ese día.',
    },
    restricted: {
      en: '{cards} is limited to 1 copy per deck from {day}. Your deck “{deck}” plays more: it will not be legal from that day.',
      pt: '{cards} fica limitada a 1 cópia por deck a partir de {day}. Seu deck “{deck}” usa mais: ele não será legal a partir desse dia.',
      es: '{cards} queda limitada a 1 copia por mazo desde el {day}. Tu mazo «{deck}» usa más: no será legal desde ese día.',
    },
    pair: {
      en: '{cards} may no longer be in the same deck from {day}. Your deck “{deck}” plays both: it will not be legal from that day.',
      pt: '{cards} não podem mais estar no mesmo deck a partir de {day}. Seu deck “{deck}” usa as duas: ele não será legal a partir desse dia.',
      es: '{cards} ya no pueden estar en el mismo mazo desde el {day}. Tu mazo «{deck}» usa las dos: no será legal desde ese día.',
    },
    rotation: {
      en: 'Standard rotates on {day} ({when}): cards of blocks below {block} leave the format. Your deck “{deck}” plays {count} of them, so it will not be legal in Standard from that day:',
      pt: 'O Standard rotaciona em {day} ({when}): as cartas de blocos abaixo de {block} saem do formato. Seu deck “{deck}” usa {count} delas, então não será legal no Standard a partir desse dia:',
      es: 'El Estándar rota el {day} ({when}): las cartas de bloques inferiores a {block} salen del formato. Tu mazo «{deck}» usa {count}, así que no será legal en Estándar desde ese día:',
    },
  },
  tomorrow: { en: 'tomorrow', pt: 'amanhã', es: 'mañana' },
  inDays: { en: 'in {count} days', pt: 'em {count} dias', es: 'dentro de {count} días' },
  and: { en: ' and ', pt: ' e ', es: ' y ' },
  more: { en: '…and {count} more.', pt: '…e mais {count}.', es: '…y {count} más.' },
  open: { en: 'Open the deck:', pt: 'Abra o deck:', es: 'Abre el mazo:' },
  optOut: {
    en: 'You get this e-mail because this deck is saved on your Grand Line account. To stop these e-mails, turn off the alert e-mails in Settings:',
    pt: 'Você recebe este e-mail porque este deck está salvo na sua conta do Grand Line. Para não receber mais, desative os e-mails de alertas em Configurações:',
    es: 'Recibes este correo porque este mazo está guardado en tu cuenta de Grand Line. Para dejar de recibirlos, desactiva los correos de alertas en Configuración:',
  },
} as const;

type DeckRegulationNotification = { kind: 'deck_regulation'; data: DeckRegulationData };

const KINDS = ['deck_regulation'] as const;

/** The deck's page. */
const deckPath = (data: DeckRegulationData) => `/deck/${encodeURIComponent(data.deckId)}`;

/** A calendar day in the language's long form ("April 1, 2027", "1 de abril de 2027"), the same day everywhere. */
const longDay = (day: string, lang: Lang) => dateTimeFormat(languageLocale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${day}T00:00:00Z`));

const cardLine = (c: DeckRegulationData['cards'][number]) => `${c.name} (${c.cardNumber})`;

/** A notice's title and sentence, and the cards it lists, in the user's language (its e-mail, its push message). */
function regulationTexts(data: DeckRegulationData, language: string | null | undefined): { lang: Lang; subject: string; line: string; cards: string[]; more: string | null } {
  const lang = languageOf(language);
  const cards = data.cards.map(cardLine);
  const rotation = data.reason === 'rotation';
  const days = data.daysBefore ?? 0;
  const values = {
    deck: data.deckName,
    day: longDay(data.day, lang),
    cards: rotation ? '' : cards.join(TEXTS.and[lang]),
    when: days === 1 ? TEXTS.tomorrow[lang] : fill(TEXTS.inDays[lang], { count: String(days) }),
    block: String(data.minBlock ?? ''),
    count: String(data.total),
  };
  const hidden = data.total - data.cards.length;
  return {
    lang,
    subject: fill(TEXTS.subject[data.reason][lang], values),
    line: fill(TEXTS.line[data.reason][lang], values),
    cards: rotation ? cards : [],
    more: rotation && hidden > 0 ? fill(TEXTS.more[lang], { count: String(hidden) }) : null,
  };
}

/** The e-mail of a notice: plain text, and HTML with every value escaped. */
function regulationMail(data: DeckRegulationData, language: string | null | undefined, to: string, publicUrl: string): MailMessage {
  const { lang, subject, line, cards, more } = regulationTexts(data, language);
  const base = siteBase(publicUrl);
  const link = `${base}${deckPath(data)}`;
  const settings = `${base}/settings?tab=preferences`;
  const list = [...cards.map((c) => `- ${c}`), ...(more ? [more] : [])].join('\n');
  return {
    to,
    subject,
    text: `${line}\n\n${list ? `${list}\n\n` : ''}${TEXTS.open[lang]} ${link}\n\n${TEXTS.optOut[lang]} ${settings}\n`,
    html:
      `<p>${escapeHtml(line)}</p>` +
      (cards.length ? `<ul>${cards.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>` : '') +
      (more ? `<p>${escapeHtml(more)}</p>` : '') +
      `<p>${escapeHtml(TEXTS.open[lang])} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p style="color:#666">${escapeHtml(TEXTS.optOut[lang])} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  };
}

/**
 * Sends the e-mail of every regulation notice not e-mailed yet (lib/notification-outbox). A user whose alert e-mails
 * are off gets none; a failed send is released for the next call. Answers how many were sent.
 */
export function sendRegulationEmails({ db, mailer, log, publicUrl }: { db: Db; mailer: Mailer; log: Logger; publicUrl: string }): Promise<number> {
  return sendOutboxMail<DeckRegulationNotification>({
    db,
    mailer,
    log,
    kinds: KINDS,
    preference: 'alert_emails',
    compose: (row, to) => regulationMail(row.notification.data, row.language, to, publicUrl),
  });
}

/** Pushes every regulation notice not pushed yet to its user's devices; answers how many devices were reached. */
export function pushRegulationNotices(deps: { db: Db; config: PushConfig; log: Logger }): Promise<number> {
  return pushOutbox<DeckRegulationNotification>({
    db: deps.db,
    kinds: KINDS,
    push: async ({ id, userId, language, notification }) => {
      const texts = regulationTexts(notification.data, language);
      const body = texts.cards.length ? `${texts.line} ${texts.cards.slice(0, 3).join(', ')}` : texts.line;
      return (await pushToUser(deps, userId, { title: texts.subject, body, url: deckPath(notification.data), tag: `deck-regulation-${id}` })).sent;
    },
  });
}
