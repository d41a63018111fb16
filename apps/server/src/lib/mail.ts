import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (the contact form's sender): nodemailer writes it as a Reply-To header, its name encoded. */
  replyTo?: { name: string; address: string };
}

export interface Mailer {
  /** 'smtp' sends for real; 'file' writes each message to DATA_DIR/mail (the embedded default). */
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
}

const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)?.[0];

/**
 * Mail through nodemailer. With an SMTP URL (smtp:// or smtps://user:pass@host:port) messages are
 * sent; without one each message is written as an .eml file under `mailDir` and its link is logged,
 * so sign-up and password reset work on a machine with no mail server.
 */
export function createMailer({ smtpUrl, mailDir, from, log }: { smtpUrl?: string; mailDir: string; from: string; log: Logger }): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from, ...message });
        // Never the text or its link: confirmation and reset links are secrets of the address's owner. They are
        // logged only below, without SMTP, where the log is the way to reach them on a machine with no mail server.
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(mailDir, `${stamp}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file, link: firstLink(message.text) }, 'mail written to file (no SMTP_URL set)');
    },
  };
}
