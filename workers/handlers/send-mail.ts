// Delivers one outbox row. Idempotent: a row already sent is skipped, so a retried
// or duplicated job never sends twice; the sealed body is erased once delivered.
import { UnrecoverableError } from 'bullmq';
import type { Handler } from '../registry.js';
import { unseal } from '../../jobs/runtime/secrets.js';
import { MAIL_SEAL_PURPOSE } from '../../domain/shared/mail-service.js';
import { createMailTransport, type MailTransport } from '../mail-transport.js';
import type { Config } from '../../jobs/runtime/config.js';
import { OutboundEmail } from '../../db/models/index.js';

// one transport per configuration (tests run several configurations in one process)
const transports = new WeakMap<Config, MailTransport>();

export const sendMail: Handler<'mail.send'> = async (job, { platform }) => {
  const { knex, config } = platform;
  const row = await OutboundEmail.query(knex).where({ id: job.data.email_id }).first();
  if (!row) throw new UnrecoverableError(`not_found: outbound e-mail ${job.data.email_id} does not exist`);
  if (row.status === 'sent') return { email_id: row.id, status: 'sent', skipped: true };
  if (!row.body_sealed) throw new UnrecoverableError('no_body: the e-mail has no body to send');
  const body = JSON.parse(unseal(config.secretKey, MAIL_SEAL_PURPOSE, row.body_sealed)) as { text: string; html: string };
  let transport = transports.get(config);
  if (!transport) transports.set(config, (transport = createMailTransport(config)));
  try {
    const info = await transport.send({ id: row.id, to: row.to_address, from: config.mailFrom, subject: row.subject, text: body.text, html: body.html });
    await OutboundEmail.query(knex).where({ id: row.id }).patch({ status: 'sent', sent_at: new Date(), attempts: row.attempts + 1, transport: transport.kind, message_id: info.messageId, body_sealed: null, last_error: null });
    return { email_id: row.id, status: 'sent', transport: transport.kind };
  } catch (err) {
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await OutboundEmail.query(knex).where({ id: row.id }).patch({ attempts: row.attempts + 1, last_error: String((err as Error).message).slice(0, 1000), status: final ? 'failed' : 'queued' });
    throw err;
  }
};
