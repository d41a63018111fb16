import type { WatchTriggeredData } from '@grandline/core/contracts/watches';
import { marketplaceName } from '@grandline/core/marketplaces';
import { formatCents } from '@grandline/core/money/money';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { MailMessage, Mailer } from '../../lib/mail';
import { escapeHtml, fillTemplate as fill, languageOf, siteBase, type Lang } from '../../lib/mail-text';
import { pushOutbox, sendOutboxMail } from '../../lib/notification-outbox';
import type { PushConfig } from '../../lib/push-config';
import { pushToUser } from '../push/push.service';

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

type AlertNotification = { kind: 'watch_triggered'; data: WatchTriggeredData };

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
  const base = siteBase(publicUrl);
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

/** A demonstration price is never e-mailed nor pushed (the bell shows it, labelled): its outbox rows are marked done. */
const isDemo = (row: { notification: AlertNotification }) => Boolean(row.notification.data.demo);

/**
 * Sends the e-mail of every fired alert not e-mailed yet (the outbox `notifications.emailed_at`, lib/notification-outbox).
 * A user who turned alert e-mails off gets none; a failed send is released for the next call. Answers how many were sent.
 */
export function sendAlertEmails({ db, mailer, log, publicUrl }: { db: Db; mailer: Mailer; log: Logger; publicUrl: string }): Promise<number> {
  return sendOutboxMail<AlertNotification>({
    db,
    mailer,
    log,
    kinds: ['watch_triggered'],
    preference: 'alert_emails',
    skip: isDemo,
    compose: (row, to) => alertMail(row.notification.data, row.language, to, publicUrl),
  });
}

/**
 * Pushes every fired price alert not pushed yet to its user's devices (the outbox `notifications.pushed_at`). A
 * message that fails is not retried: a device may have shown it already. Answers how many devices were reached.
 */
export function pushAlertNotifications(deps: { db: Db; config: PushConfig; log: Logger }): Promise<number> {
  return pushOutbox<AlertNotification>({
    db: deps.db,
    kinds: ['watch_triggered'],
    skip: isDemo,
    push: async (row) => {
      const texts = alertTexts(row.notification.data, row.language);
      return (await pushToUser(deps, row.userId, { title: texts.subject, body: texts.line, url: '/watchlist', tag: `watch-${row.id}` })).sent;
    },
  });
}
