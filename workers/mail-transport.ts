// Delivery of an e-mail: SMTP through nodemailer when SMTP_URL is set, otherwise an
// .eml file per message under MAIL_OUTBOX_DIR so a person running locally can read
// their codes.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../jobs/runtime/config.js';

export interface OutgoingMail {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export function createMailTransport(config: Config): MailTransport {
  if (config.smtpUrl) {
    const transporter: Transporter = nodemailer.createTransport(config.smtpUrl, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as never);
    return {
      kind: 'smtp',
      async send(mail) {
        const info = await transporter.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: `<mail-${mail.id}.${Date.now()}@inventory-platform>` });
        return { messageId: info.messageId };
      },
      close: () => transporter.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await builder.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await fs.mkdir(config.mailOutboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(config.mailOutboxDir, `${stamp}_${mail.id}_${safeTo}.eml`);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      return { messageId: info.messageId };
    },
    close: () => undefined,
  };
}
