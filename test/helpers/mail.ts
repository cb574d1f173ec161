// Reads what the mail job wrote to the outbox folder (no SMTP_URL in tests).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../jobs/runtime/config.js';
import { waitFor } from './wait.js';

export async function mailsTo(config: Config, email: string): Promise<string[]> {
  const files = await fs.readdir(config.mailOutboxDir).catch(() => [] as string[]);
  const mine = files.filter((f) => f.endsWith('.eml') && f.includes(`_${email.toLowerCase()}`)).sort();
  return Promise.all(mine.map((f) => fs.readFile(path.join(config.mailOutboxDir, f), 'utf8')));
}

/** Waits for the n-th e-mail to `email` and returns the 6-digit code in it. */
export async function codeFor(config: Config, email: string, nth = 1, timeoutMs = 10_000): Promise<string> {
  return waitFor(async () => {
    const mails = await mailsTo(config, email);
    return mails.length >= nth && /^Subject: .*?(\d{6})/m.exec(mails[nth - 1])?.[1];
  }, { timeoutMs, intervalMs: 50, message: `e-mail #${nth} to ${email}` }) as Promise<string>;
}
