import type { WatchTriggeredData } from '@grandline/core/contracts/watches';
import { marketplaceName } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { MailMessage, Mailer } from '../../lib/mail';

export type Lang = 'en' | 'pt' | 'es';

const TEXTS = {
  subject: {
    en: 'Price alert: {card} is now {price}',
    pt: 'Alerta de preço: {card} agora custa {price}',
    es: 'Alerta de precio: {card} ahora cuesta {price}',
  },
  below: {
    en: '{card} is now {price} on {market}, at or below your {threshold} alert.',
    pt: '{card} agora custa {price} na {market}, igual ou abaixo do seu alerta de {threshold}.',
    es: '{card} ahora cuesta {price} en {market}, igual o por debajo de tu alerta de {threshold}.',
  },
  above: {
    en: '{card} is now {price} on {market}, at or above your {threshold} alert.',
    pt: '{card} agora custa {price} na {market}, igual ou acima do seu alerta de {threshold}.',
    es: '{card} ahora cuesta {price} en {market}, igual o por encima de tu alerta de {threshold}.',
  },
  once: {
    en: 'The alert fired once and now waits: edit it on your price alerts page to watch again.',
    pt: 'O alerta disparou uma vez e agora aguarda: edite-o na página de alertas de preço para monitorar de novo.',
    es: 'La alerta se activó una vez y ahora espera: edítala en tu página de alertas de precio para vigilar de nuevo.',
  },
  open: { en: 'Your price alerts:', pt: 'Seus alertas de preço:', es: 'Tus alertas de precio:' },
  optOut: {
    en: 'You get this e-mail because you set a price alert on Grand Line. To stop these e-mails, turn off “E-mail me when a price alert fires” in Settings:',
    pt: 'Você recebe este e-mail porque criou um alerta de preço no Grand Line. Para não receber mais, desative “Enviar e-mail quando um alerta de preço disparar” em Configurações:',
    es: 'Recibes este correo porque creaste una alerta de precio en Grand Line. Para dejar de recibirlos, desactiva “Enviarme un correo cuando se active una alerta de precio” en Configuración:',
  },
} as const;

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export const languageOf = (value: string | null | undefined): Lang => (value === 'pt' || value === 'es' ? value : 'en');

/**
 * A fired alert's title and sentence in the user's language (its e-mail, its push notification). The amounts are
 * written as the interface writes them, in the currency's own locale (EUR "5,33 €" in every language).
 */
export function alertTexts(data: WatchTriggeredData, language: string | null | undefined): { lang: Lang; subject: string; line: string } {
  const lang = languageOf(language);
  const values = {
    card: data.variant ? `${data.cardName} (${data.cardNumber}, ${data.variant})` : `${data.cardName} (${data.cardNumber})`,
    price: formatCents(data.price, data.currency),
    threshold: formatCents(Math.round(data.threshold * 100), data.currency),
    market: marketplaceName(data.market),
  };
  return { lang, subject: fill(TEXTS.subject[lang], values), line: fill(TEXTS[data.direction][lang], values) };
}

/** The e-mail of a fired alert, in the user's language. */
function alertMail(data: WatchTriggeredData, language: string | null | undefined, to: string, publicUrl: string): MailMessage {
  const { lang, subject, line } = alertTexts(data, language);
  let base = publicUrl;
  while (base.endsWith('/')) base = base.slice(0, -1);
  const watchlist = `${base}/watchlist`;
  const settings = `${base}/settings?tab=preferences`;
  const lines = [line, TEXTS.once[lang]];
  return {
    to,
    subject,
    text: `${lines.join('\n\n')}\n\n${TEXTS.open[lang]} ${watchlist}\n\n${TEXTS.optOut[lang]} ${settings}\n`,
    html:
      lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      `<p>${escapeHtml(TEXTS.open[lang])} <a href="${escapeHtml(watchlist)}">${escapeHtml(watchlist)}</a></p>` +
      `<p style="color:#666">${escapeHtml(TEXTS.optOut[lang])} <a href="${escapeHtml(settings)}">${escapeHtml(settings)}</a></p>`,
  };
}

/** Notifications e-mailed per batch, and batches per call: an evaluation that fired more leaves the rest to the next call. */
const BATCH = 200;
const MAX_BATCHES = 50;

/**
 * Sends the e-mail of every fired alert not e-mailed yet (an outbox: `notifications.emailed_at`). Each batch is claimed
 * with FOR UPDATE SKIP LOCKED, so two replicas never send the same one; a user who turned alert e-mails off gets none
 * (their notifications are marked done). A failed send is released for the next call. Answers how many were sent.
 */
export async function sendAlertEmails({ db, mailer, log, publicUrl }: { db: Db; mailer: Mailer; log: Logger; publicUrl: string }): Promise<number> {
  let sent = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = (await db.execute(sql`
      with claimed as (
        update notifications set emailed_at = now()
        where id in (
          select id from notifications where emailed_at is null and kind = 'watch_triggered'
          order by id limit ${BATCH} for update skip locked
        )
        returning id, user_id, data
      )
      select c.id, c.data, u.email, p.language, coalesce(p.alert_emails, true) as wanted
      from claimed c join users u on u.id = c.user_id left join profiles p on p.id = c.user_id
      order by c.id
    `)) as unknown as { rows: { id: number | string; data: WatchTriggeredData; email: string; language: string | null; wanted: boolean }[] };
    const rows = claimed.rows;
    if (rows.length === 0) break;
    const failed: number[] = [];
    for (const row of rows) {
      // A demonstration price never sends an e-mail (its notification is marked done with the others).
      if (!row.wanted || row.data.demo) continue;
      try {
        await mailer.send(alertMail(row.data, row.language, row.email, publicUrl));
        sent++;
      } catch (err) {
        log.warn({ err, notification: Number(row.id) }, 'price alert e-mail not sent; it is tried again after the next price update');
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
