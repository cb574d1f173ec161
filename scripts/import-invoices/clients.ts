// The two ways the batch import talks to the platform, with one interface: over the
// HTTP API (base URL + access token, like any client), or directly through the job
// queues with the platform's own services (on a machine with DATABASE_URL/REDIS_URL;
// workers must consume the `invoices` and `imports` queues, or pass --workers).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../jobs/runtime/config.js';
import { createServices, type Services } from '../../domain/index.js';
import { createPlatform, closePlatform } from '../../db/platform.js';
import type { Platform } from '../../db/platform.js';
import { actorFor, type Actor } from '../../domain/shared/actor.js';
import type { Outcome } from '../../domain/jobs/job-service.js';
import { resolveScope } from '../../domain/shared/scope.js';
import { startWorkers, type RunningWorkers } from '../../workers/runner.js';
import { User } from '../../db/models/index.js';
import { ApiSession } from './api-session.js';
import { DomainError } from '../../jobs/runtime/errors.js';

export interface Target {
  inventoryId: number;
  storageBoxId: number;
  family: string;
}

/** The preview and bulk-store answers exactly as the API gives them. */
export interface ImportClient {
  /** `deadline` (epoch ms): the file's overall deadline; waiting for a job stops there */
  preview(file: string, target: Target, deadline: number): Promise<{ ok: boolean; body: any }>;
  store(sessionId: number, family: string, lines: unknown[], confirmDuplicate: boolean, deadline: number): Promise<{ ok: boolean; body: any }>;
  close(): Promise<void>;
}

/** The answer for a file whose deadline passed while its job was still running. */
export const pastDeadline = () => ({ ok: false, body: { error: { message: 'gave up: the file\'s deadline (--file-timeout) passed while its job was still running' } } });

const failedAnswer = (what: string, status: number) => ({ ok: false, body: { error: { message: `${what} answered HTTP ${status}` } } });

const mime = (file: string) =>
  ({ '.pdf': 'application/pdf', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.xml': 'application/xml', '.csv': 'text/csv' })[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export class ApiClient implements ImportClient {
  private readonly headers: Record<string, string>;

  /** `session` carries the credentials: it refreshes them and backs off on 429 (api-session.ts). */
  constructor(private readonly session: ApiSession, teamId?: number) {
    this.headers = teamId ? { 'x-profile-type': 'team', 'x-team-id': String(teamId) } : {};
  }

  async preview(file: string, target: Target, deadline: number) {
    const form = new FormData();
    form.set('document', new Blob([await fs.readFile(file)], { type: mime(file) }), path.basename(file));
    form.set('inventory_id', String(target.inventoryId));
    form.set('storage_box_id', String(target.storageBoxId));
    form.set('product_family_name', target.family);
    const res = await this.session.fetch('/api/invoice-import/preview/', { method: 'POST', body: form, headers: this.headers });
    return this.finish(res, deadline);
  }

  async store(sessionId: number, family: string, lines: unknown[], confirmDuplicate: boolean, deadline: number) {
    const res = await this.session.fetch('/api/invoice-import/bulk-store/', {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId, product_family_name: family, lines, ...(confirmDuplicate ? { confirm_duplicate: true } : {}) }),
    });
    return this.finish(res, deadline);
  }

  /** A GET whose answer must be 2xx JSON; anything else ends this file's wait. */
  private async read(what: string, pathname: string): Promise<{ ok: true; body: any } | { ok: false; body: any }> {
    const res = await this.session.fetch(pathname, { headers: this.headers });
    if (!res.ok) {
      await res.body?.cancel();
      return failedAnswer(what, res.status);
    }
    return { ok: true, body: await res.json() };
  }

  /**
   * 202: poll the job until it ends, an answer is not 2xx (a 401 after the token was
   * revoked, a 404 once the job expired: retrying cannot help) or the deadline passes;
   * then read what it produced.
   */
  private async finish(res: Response, deadline: number): Promise<{ ok: boolean; body: any }> {
    const body: any = await res.json().catch(() => ({ error: { message: `HTTP ${res.status}` } }));
    if (res.status !== 202) return { ok: res.ok, body };
    for (;;) {
      if (Date.now() >= deadline) return pastDeadline();
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(500, deadline - Date.now()))));
      // poll where we reached the API (poll_url names the platform's public address)
      const polled = await this.read('polling the job', new URL(body.poll_url).pathname);
      if (!polled.ok) return polled;
      const job = polled.body;
      if (job.state === 'failed') return { ok: false, body: { error: job.error } };
      if (job.state !== 'completed') continue;
      const read = await this.read('reading the import session', `/api/invoice-import/sessions/${job.result.session_id}/`);
      if (!read.ok) return read;
      const session = read.body;
      if (job.result.session_id && job.result.attempt_id === undefined) {
        return { ok: true, body: { status: 'success', session_id: session.id, session_status: session.status, invoice: session.invoice, lines: session.preview_lines, summary: session.summary, duplicate_of: session.duplicate_of ?? null } };
      }
      const ok = job.result.http_status === 200;
      return { ok, body: ok ? { status: 'success', summary: session.result_payload.summary } : { status: 'error', message: session.error_payload.message ?? `HTTP ${job.result.http_status}` } };
    }
  }

  async close() {}
}

/**
 * The platform's limits apply to the queue mode too (previews per minute, a user's
 * jobs in flight: 429): wait as long as the limit says, a few times, like the API
 * session does with Retry-After.
 */
export async function whenAllowed<T>(call: () => Promise<T>, attempts = 8): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof DomainError) || err.kind !== 'rate_limited' || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, (err.retryAfter ?? 5) * 1000));
    }
  }
}

export class QueueClient implements ImportClient {
  private constructor(
    private readonly platform: Platform,
    private readonly services: Services,
    private readonly actor: Actor,
    private readonly workers: RunningWorkers | null,
  ) {}

  static async open(config: Config, email: string, teamId: number | undefined, withWorkers: boolean): Promise<QueueClient> {
    const platform = createPlatform(config, 'import-invoices');
    const user = await User.query(platform.knex).whereRaw('lower(email) = lower(?)', [email]).select('id', 'is_staff').first();
    if (!user) {
      await closePlatform(platform);
      throw new Error(`no user with the e-mail ${email}`);
    }
    const scope = await resolveScope(platform.knex, user.id, teamId ? 'team' : 'self', teamId ? String(teamId) : undefined);
    const workers = withWorkers ? await startWorkers(config, ['invoices', 'imports']) : null;
    return new QueueClient(platform, createServices(platform), actorFor(user.id, scope, { isStaff: user.is_staff }), workers);
  }

  async preview(file: string, target: Target, deadline: number) {
    const imports = this.services.invoiceImport;
    try {
      const document = { filename: path.basename(file), bytes: await fs.readFile(file) };
      const outcome = await this.settle(await whenAllowed(() => imports.preview(this.actor, { document, inventory_id: target.inventoryId, storage_box_id: target.storageBoxId, product_family_name: target.family }, 0)), deadline);
      if (!outcome) return pastDeadline();
      if (outcome.status.state === 'failed') return { ok: false, body: { error: outcome.status.error } };
      return { ok: true, body: await imports.previewOf(this.actor, outcome.status.result as never) };
    } catch (err) {
      return { ok: false, body: { error: { code: (err as { code?: string }).code ?? 'error', message: (err as Error).message } } };
    }
  }

  async store(sessionId: number, family: string, lines: unknown[], confirmDuplicate: boolean, deadline: number) {
    const imports = this.services.invoiceImport;
    try {
      const answer = await whenAllowed(() => imports.bulkStore(this.actor, { session_id: sessionId, product_family_name: family, lines: lines as never, confirm_duplicate: confirmDuplicate }, 0));
      if ('outcome' in answer) return { ok: answer.outcome === 'applied', body: answer.body };
      const outcome = await this.settle(answer, deadline);
      if (!outcome) return pastDeadline();
      if (outcome.status.state === 'failed') return { ok: false, body: { error: outcome.status.error } };
      const done = await imports.answerOf((outcome.status.result as { attempt_id: number }).attempt_id);
      return { ok: done.outcome === 'applied', body: done.body };
    } catch (err) {
      return { ok: false, body: { error: { message: (err as Error).message } } };
    }
  }

  /** Without the gateway's realtime relay, a job is waited for by polling it; null past the deadline. */
  private async settle(outcome: Outcome, deadline: number): Promise<Outcome | null> {
    let status = outcome.status;
    while (status.state !== 'completed' && status.state !== 'failed') {
      if (Date.now() >= deadline) return null;
      await new Promise((r) => setTimeout(r, 250));
      status = await this.services.jobs.statusOf(status.id, this.actor);
    }
    return { done: true, status };
  }

  async close() {
    await this.workers?.close();
    await closePlatform(this.platform);
  }
}
