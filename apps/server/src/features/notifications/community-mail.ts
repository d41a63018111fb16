import type { CommentedData, FollowedData } from '@grandline/core/contracts/watches';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { MailMessage, Mailer } from '../../lib/mail';
import type { PushConfig } from '../../lib/push-config';
import { pushToUser } from '../push/push.service';
import { languageOf, type Lang } from '../watches/alert-mail';

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

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

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
  let base = publicUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
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

/** Notifications sent per batch, and batches per call: the rest waits for the next call. */
const BATCH = 200;
const MAX_BATCHES = 50;
const KINDS = sql`('followed', 'commented')`;

type Claimed = CommunityNotification & { id: number | string; user_id: string; email: string; language: string | null; wanted: boolean; has_device: boolean };

/**
 * Sends the e-mail of every community notification not e-mailed yet (the outbox `notifications.emailed_at`, claimed
 * with FOR UPDATE SKIP LOCKED so two replicas never send the same one). A user who turned community e-mails off gets
 * none (their notifications are marked done); a failed send is released for the next call. Answers how many were sent.
 */
export async function sendCommunityEmails({ db, mailer, log, publicUrl }: { db: Db; mailer: Mailer; log: Logger; publicUrl: string }): Promise<number> {
  let sent = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = (await db.execute(sql`
      with claimed as (
        update notifications set emailed_at = now()
        where id in (select id from notifications where emailed_at is null and kind in ${KINDS} order by id limit ${BATCH} for update skip locked)
        returning id, user_id, kind, data
      )
      select c.id, c.kind, c.data, u.email, p.language, coalesce(p.community_emails, true) as wanted
      from claimed c join users u on u.id = c.user_id left join profiles p on p.id = c.user_id
      order by c.id
    `)) as unknown as { rows: Claimed[] };
    const rows = claimed.rows;
    if (rows.length === 0) break;
    const failed: number[] = [];
    for (const row of rows) {
      if (!row.wanted) continue;
      try {
        await mailer.send(communityMail(row, row.language, row.email, publicUrl));
        sent++;
      } catch (err) {
        log.warn({ err, notification: Number(row.id) }, 'community e-mail not sent; it is tried again with the next one');
        failed.push(Number(row.id));
      }
    }
    if (failed.length) {
      await db.execute(sql`update notifications set emailed_at = null where id in (${sql.join(failed.map((id) => sql`${id}`), sql`, `)})`);
      break;
    }
    if (rows.length < BATCH) break;
  }
  return sent;
}

/**
 * Pushes every community notification not pushed yet to its user's devices (the outbox `notifications.pushed_at`,
 * claimed as the e-mails are). A message that fails is not retried: a device may have shown it already. Answers how
 * many devices were reached.
 */
export async function pushCommunityNotifications(deps: { db: Db; config: PushConfig; log: Logger }): Promise<number> {
  let reached = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = (await deps.db.execute(sql`
      with claimed as (
        update notifications set pushed_at = now()
        where id in (select id from notifications where pushed_at is null and kind in ${KINDS} order by id limit ${BATCH} for update skip locked)
        returning id, user_id, kind, data
      )
      select c.id, c.user_id, c.kind, c.data, p.language, exists (select 1 from push_subscriptions s where s.user_id = c.user_id) as has_device
      from claimed c left join profiles p on p.id = c.user_id
      order by c.id
    `)) as unknown as { rows: Claimed[] };
    for (const row of claimed.rows) {
      if (!row.has_device) continue;
      const texts = communityTexts(row, row.language);
      reached += (await pushToUser(deps, row.user_id, { title: texts.subject, body: texts.line, url: communityPath(row), tag: `${row.kind}-${Number(row.id)}` })).sent;
    }
    if (claimed.rows.length < BATCH) break;
  }
  return reached;
}
