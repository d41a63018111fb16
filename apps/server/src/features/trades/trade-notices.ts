import type { TradeNoticeData } from '@grandline/core/contracts/watches';
import { sql } from 'drizzle-orm';
import type { DbTx } from '../../db/client';
import type { AppDeps } from '../../lib/context';
import type { MailMessage } from '../../lib/mail';
import { escapeHtml, fillTemplate as fill, languageOf, siteBase, type Lang } from '../../lib/mail-text';
import { NOTIFICATIONS_CHANNEL, notificationsPayload } from '../../lib/notification-events';
import { pushOutbox, sendOutboxMail, serialDrainer } from '../../lib/notification-outbox';
import { pushToUser } from '../push/push.service';

/*
 * Trade notices (issue 44): each step of a trade tells the other party (kind `trade`): written in the step's
 * transaction (recordTradeNotice), then the recipient's open streams are woken (every replica) and the e-mail (per the
 * user's community e-mail preference: a trade is an exchange between users, as follows and comments are) and the
 * Web Push message go out through the notifications' outbox columns, in the background (deliverTradeNotices).
 */

export type TradeEvent = TradeNoticeData['event'];
export type TradeNoticeDeps = Pick<AppDeps, 'db' | 'log' | 'events' | 'mail' | 'push'>;

/**
 * "actor took `event` on the trade", for `userId`, inside the step's transaction; the counts are the copies the
 * proposer gives and gets. A channel this server lacks is marked done at once.
 */
export async function recordTradeNotice(tx: DbTx, n: { tradeId: string; event: TradeEvent; actorId: string; userId: string; deps: Pick<AppDeps, 'mail' | 'push'> }) {
  const side = (s: string) => sql`(select coalesce(sum(quantity), 0)::int from trade_lines where trade_id = ${n.tradeId} and side = ${s})`;
  await tx.execute(sql`
    insert into notifications (user_id, actor_id, kind, data, emailed_at, pushed_at)
    select ${n.userId}, p.id, 'trade', jsonb_build_object(
      'tradeId', ${n.tradeId}::text, 'event', ${n.event}::text,
      'from', jsonb_build_object('username', p.username, 'displayName', p.display_name),
      'give', ${side('give')}, 'get', ${side('get')}
    ), ${n.deps.mail ? sql`null` : sql`now()`}, ${n.deps.push ? sql`null` : sql`now()`}
    from profiles p
    where p.id = ${n.actorId} and p.username is not null`);
}

const TEXTS: Record<TradeEvent | 'open' | 'optOut', Record<Lang, string>> = {
  proposed: { en: '{name} proposed a trade to you on Grand Line', pt: '{name} propôs uma troca para você no Grand Line', es: '{name} te propuso un intercambio en Grand Line' },
  accepted: { en: '{name} accepted your trade proposal', pt: '{name} aceitou sua proposta de troca', es: '{name} aceptó tu propuesta de intercambio' },
  declined: { en: '{name} declined your trade proposal', pt: '{name} recusou sua proposta de troca', es: '{name} rechazó tu propuesta de intercambio' },
  cancelled: { en: '{name} cancelled your trade', pt: '{name} cancelou a troca', es: '{name} canceló el intercambio' },
  received: {
    en: '{name} marked your trade as received: mark it too when your cards arrive',
    pt: '{name} marcou a troca como recebida: marque também quando suas cartas chegarem',
    es: '{name} marcó el intercambio como recibido: márcalo tú también cuando lleguen tus cartas',
  },
  completed: {
    en: 'Your trade with {name} is completed: the cards moved to your binders',
    pt: 'Sua troca com {name} foi concluída: as cartas foram para os seus fichários',
    es: 'Tu intercambio con {name} se completó: las cartas pasaron a tus carpetas',
  },
  open: { en: 'See the trade:', pt: 'Veja a troca:', es: 'Ver el intercambio:' },
  optOut: {
    en: 'You get this e-mail because you trade on Grand Line. To stop these e-mails, turn off “E-mail me about new followers and comments” in Settings:',
    pt: 'Você recebe este e-mail porque faz trocas no Grand Line. Para não receber mais, desative “Enviar e-mail sobre novos seguidores e comentários” em Configurações:',
    es: 'Recibes este correo porque intercambias en Grand Line. Para dejar de recibirlos, desactiva “Enviarme un correo sobre nuevos seguidores y comentarios” en Configuración:',
  },
};

type TradeNotice = { kind: 'trade'; data: TradeNoticeData };
const actorName = (d: TradeNoticeData) => (d.from.displayName?.trim() ? `${d.from.displayName.trim()} (@${d.from.username})` : `@${d.from.username}`);
const tradePath = (d: TradeNoticeData) => `/trades/${encodeURIComponent(d.tradeId)}`;

/** A trade notice's sentence in the user's language (its e-mail's subject, its push message). */
function tradeNoticeText(data: TradeNoticeData, language: string | null | undefined): { lang: Lang; line: string } {
  const lang = languageOf(language);
  return { lang, line: fill(TEXTS[data.event][lang], { name: actorName(data) }) };
}

function tradeMail(data: TradeNoticeData, language: string | null, to: string, publicUrl: string): MailMessage {
  const { lang, line } = tradeNoticeText(data, language);
  const base = siteBase(publicUrl);
  const link = `${base}${tradePath(data)}`;
  const settings = `${base}/settings?tab=preferences`;
  return {
    to,
    subject: line,
    text: `${line}.\n\n${TEXTS.open[lang]} ${link}\n\n${TEXTS.optOut[lang]} ${settings}\n`,
    html:
      `<p>${escapeHtml(line)}.</p><p>${escapeHtml(TEXTS.open[lang])} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p style="color:#666">${escapeHtml(TEXTS.optOut[lang])} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  };
}

const KINDS = ['trade'] as const;

async function drainOnce({ db, log, mail, push }: TradeNoticeDeps) {
  if (mail) {
    await sendOutboxMail<TradeNotice>({ db, mailer: mail.mailer, log, kinds: KINDS, preference: 'community_emails', compose: (row, to) => tradeMail(row.notification.data, row.language, to, mail.publicUrl) }).catch(
      (err: unknown) => log.warn({ err }, 'trade e-mails not sent; tried again with the next one'),
    );
  }
  if (push) {
    await pushOutbox<TradeNotice>({
      db,
      kinds: KINDS,
      push: async ({ id, userId, language, notification }) =>
        (await pushToUser({ db, config: push, log }, userId, { title: tradeNoticeText(notification.data, language).line, body: '', url: tradePath(notification.data), tag: `trade-${id}` })).sent,
    }).catch((err: unknown) => log.warn({ err }, 'trade push messages not sent'));
  }
}

/** Sends what the trade outboxes hold, one run at a time per database handle (tests wait for it). */
export const drainTradeNotices = serialDrainer((deps: TradeNoticeDeps) => drainOnce(deps));

/** After the step's transaction: wakes the other party's open streams, then sends e-mail and push in the background. */
export async function deliverTradeNotices(deps: TradeNoticeDeps, userIds: readonly string[]): Promise<void> {
  if (!userIds.length) return;
  await deps.events?.notify(NOTIFICATIONS_CHANNEL, notificationsPayload(userIds)).catch((err: unknown) => deps.log.warn({ err }, 'notification streams not woken'));
  void drainTradeNotices(deps);
}
