import type { CommentedData, FollowedData } from '@grandline/core/contracts/watches';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { MailMessage, Mailer } from '../../lib/mail';
import { escapeHtml, fillTemplate as fill, languageOf, siteBase, type Lang } from '../../lib/mail-text';
import { pushOutbox, sendOutboxMail } from '../../lib/notification-outbox';
import type { PushConfig } from '../../lib/push-config';
import { pushToUser } from '../push/push.service';

/** A community notification as the outboxes read it. */
type CommunityNotification = { kind: 'followed'; data: FollowedData } | { kind: 'commented'; data: CommentedData };

const TEXTS = {
  followed: {
    en: '{name} followed you on Grand Line',
    pt: '{name} começou a seguir você no Grand Line',
    es: '{name} empezó a seguirte en Grand Line',
  },
  followedLine: {
    en: '{name} now follows you: they see your public decks and binders in their feed.',
    pt: '{name} agora segue você: vê seus decks e fichários públicos no feed.',
    es: '{name} ahora te sigue: ve tus mazos y carpetas públicos en su feed.',
  },
  profile: { en: 'Their profile:', pt: 'Perfil:', es: 'Su perfil:' },
  commentedDeck: {
    en: '{name} commented on your deck “{item}”',
    pt: '{name} comentou no seu deck “{item}”',
    es: '{name} comentó en tu mazo «{item}»',
  },
  commentedBinder: {
    en: '{name} commented on your binder “{item}”',
    pt: '{name} comentou no seu fichário “{item}”',
    es: '{name} comentó en tu carpeta «{item}»',
  },
  wrote: { en: '{name} wrote:', pt: '{name} escreveu:', es: '{name} escribió:' },
  reply: { en: 'Read and reply:', pt: 'Leia e responda:', es: 'Lee y responde:' },
  optOut: {
    en: 'You get this e-mail because someone followed you or commented on your deck or binder on Grand Line. To stop these e-mails, turn off “E-mail me about new followers and comments” in Settings:',
    pt: 'Você recebe este e-mail porque alguém seguiu você ou comentou no seu deck ou fichário no Grand Line. Para não receber mais, desative “Enviar e-mail sobre novos seguidores e comentários” em Configurações:',
    es: 'Recibes este correo porque alguien te siguió o comentó en tu mazo o carpeta en Grand Line. Para dejar de recibirlos, desactiva “Enviarme un correo sobre nuevos seguidores y comentarios” en Configuración:',
  },
} as const;

/** "Display name (@username)", or "@username" without a display name: the name alone could pass for anyone. */
const actorName = (data: FollowedData) => (data.displayName?.trim() ? `${data.displayName.trim()} (@${data.username})` : `@${data.username}`);

/** The app's page a notification opens: the follower's profile, or the deck or binder commented on. */
function communityPath(n: CommunityNotification): string {
  if (n.kind === 'followed') return `/u/${encodeURIComponent(n.data.username)}`;
  return n.data.itemKind === 'deck' ? `/deck/${encodeURIComponent(n.data.itemId)}` : `/collection/${encodeURIComponent(n.data.itemId)}`;
}

/** A community notification's title and sentence in the user's language (its e-mail, its push message). */
function communityTexts(n: CommunityNotification, language: string | null | undefined): { lang: Lang; subject: string; line: string } {
  const lang = languageOf(language);
  const name = actorName(n.data);
  if (n.kind === 'followed') return { lang, subject: fill(TEXTS.followed[lang], { name }), line: fill(TEXTS.followedLine[lang], { name }) };
  const subject = fill((n.data.itemKind === 'deck' ? TEXTS.commentedDeck : TEXTS.commentedBinder)[lang], { name, item: n.data.itemName });
  return { lang, subject, line: n.data.excerpt };
}

/** The e-mail of a community notification, in the user's language: plain text, and HTML with every value escaped. */
function communityMail(n: CommunityNotification, language: string | null | undefined, to: string, publicUrl: string): MailMessage {
  const { lang, subject, line } = communityTexts(n, language);
  const base = siteBase(publicUrl);
  const link = `${base}${communityPath(n)}`;
  const settings = `${base}/settings?tab=preferences`;
  const optOut = TEXTS.optOut[lang];
  if (n.kind === 'followed') {
    return {
      to,
      subject,
      text: `${line}\n\n${TEXTS.profile[lang]} ${link}\n\n${optOut} ${settings}\n`,
      html:
        `<p>${escapeHtml(line)}</p><p>${escapeHtml(TEXTS.profile[lang])} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
        `<p style="color:#666">${escapeHtml(optOut)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
    };
  }
  const wrote = fill(TEXTS.wrote[lang], { name: actorName(n.data) });
  return {
    to,
    subject,
    text: `${subject}.\n\n${wrote}\n“${line}”\n\n${TEXTS.reply[lang]} ${link}\n\n${optOut} ${settings}\n`,
    html:
      `<p>${escapeHtml(subject)}.</p><p>${escapeHtml(wrote)}</p><blockquote style="margin:0 0 1em;padding-left:1em;border-left:3px solid #ccc">${escapeHtml(line)}</blockquote>` +
      `<p>${escapeHtml(TEXTS.reply[lang])} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p style="color:#666">${escapeHtml(optOut)} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  };
}

const KINDS = ['followed', 'commented'] as const;

/**
 * Sends the e-mail of every community notification not e-mailed yet (the outbox `notifications.emailed_at`,
 * lib/notification-outbox). A user who turned community e-mails off gets none; a failed send is released for the next
 * call. Answers how many were sent.
 */
export function sendCommunityEmails({ db, mailer, log, publicUrl }: { db: Db; mailer: Mailer; log: Logger; publicUrl: string }): Promise<number> {
  return sendOutboxMail<CommunityNotification>({
    db,
    mailer,
    log,
    kinds: KINDS,
    preference: 'community_emails',
    compose: (row, to) => communityMail(row.notification, row.language, to, publicUrl),
  });
}

/**
 * Pushes every community notification not pushed yet to its user's devices (the outbox `notifications.pushed_at`). A
 * message that fails is not retried: a device may have shown it already. Answers how many devices were reached.
 */
export function pushCommunityNotifications(deps: { db: Db; config: PushConfig; log: Logger }): Promise<number> {
  return pushOutbox<CommunityNotification>({
    db: deps.db,
    kinds: KINDS,
    push: async ({ id, userId, language, notification }) => {
      const texts = communityTexts(notification, language);
      return (await pushToUser(deps, userId, { title: texts.subject, body: texts.line, url: communityPath(notification), tag: `${notification.kind}-${id}` })).sent;
    },
  });
}
