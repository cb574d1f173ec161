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
import type { Actor } from '../../domain/shared/actor.js';
import type { Outcome } from '../../domain/jobs/job-service.js';
import { resolveScope } from '../../domain/shared/scope.js';
import { startWorkers, type RunningWorkers } from '../../workers/runner.js';
import { User } from '../../db/models/index.js';
import { ApiSession } from './api-session.js';

export interface Target {
  inventoryId: number;
  storageBoxId: number;
  family: string;
}

/** The preview and bulk-store answers exactly as the API gives them. */
export interface ImportClient {
  preview(file: string, target: Target): Promise<{ ok: boolean; body: any }>;
  store(sessionId: number, family: string, lines: unknown[], confirmDuplicate?: boolean): Promise<{ ok: boolean; body: any }>;
  close(): Promise<void>;
}

const mime = (file: string) =>
  ({ '.pdf': 'application/pdf', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.xml': 'application/xml', '.csv': 'text/csv' })[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export class ApiClient implements ImportClient {
  private readonly headers: Record<string, string>;

  /** `session` carries the credentials: it refreshes them and backs off on 429 (api-session.ts). */
  constructor(private readonly session: ApiSession, teamId?: number) {
    this.headers = teamId ? { 'x-profile-type': 'team', 'x-team-id': String(teamId) } : {};
  }

  async preview(file: string, target: Target) {
    const form = new FormData();
    form.set('document', new Blob([await fs.readFile(file)], { type: mime(file) }), path.basename(file));
    form.set('inventory_id', String(target.inventoryId));
    form.set('storage_box_id', String(target.storageBoxId));
    form.set('product_family_name', target.family);
    const res = await this.session.fetch('/api/invoice-import/preview/', { method: 'POST', body: form, headers: this.headers });
    return this.finish(res);
  }

  async store(sessionId: number, family: string, lines: unknown[], confirmDuplicate = false) {
    const res = await this.session.fetch('/api/invoice-import/bulk-store/', {
      method: 'POST',
      headers: { ...this.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId, product_family_name: family, lines, ...(confirmDuplicate ? { confirm_duplicate: true } : {}) }),
    });
    return this.finish(res);
  }

  /** 202: poll the job, then read what it produced. */
  private async finish(res: Response): Promise<{ ok: boolean; body: any }> {
    const body: any = await res.json().catch(() => ({ error: { message: `HTTP ${res.status}` } }));
    if (res.status !== 202) return { ok: res.ok, body };
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      // poll where we reached the API (poll_url names the platform's public address)
      const job: any = await (await this.session.fetch(new URL(body.poll_url).pathname, { headers: this.headers })).json();
      if (job.state === 'failed') return { ok: false, body: { error: job.error } };
      if (job.state !== 'completed') continue;
      if (job.result.session_id && job.result.attempt_id === undefined) {
        const session: any = await (await this.session.fetch(`/api/invoice-import/sessions/${job.result.session_id}/`, { headers: this.headers })).json();
        return { ok: true, body: { status: 'success', session_id: session.id, session_status: session.status, invoice: session.invoice, lines: session.preview_lines, summary: session.summary, duplicate_of: session.duplicate_of ?? null } };
      }
      const session: any = await (await this.session.fetch(`/api/invoice-import/sessions/${job.result.session_id}/`, { headers: this.headers })).json();
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
      const limited = err as { status?: number; headers?: Record<string, string> };
      if (limited.status !== 429 || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, Number(limited.headers?.['Retry-After'] ?? 5) * 1000));
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
    return new QueueClient(platform, createServices(platform), { userId: user.id, isStaff: user.is_staff, scope }, workers);
  }

  async preview(file: string, target: Target) {
    const imports = this.services.invoiceImport;
    try {
      const document = { filename: path.basename(file), bytes: await fs.readFile(file) };
      const outcome = await this.settle(await whenAllowed(() => imports.preview(this.actor, { document, inventory_id: target.inventoryId, storage_box_id: target.storageBoxId, product_family_name: target.family }, 0)));
      if (outcome.status.state === 'failed') return { ok: false, body: { error: outcome.status.error } };
      return { ok: true, body: await imports.previewOf(this.actor, outcome.status.result as never) };
    } catch (err) {
      return { ok: false, body: { error: { code: (err as { code?: string }).code ?? 'error', message: (err as Error).message } } };
    }
  }

  async store(sessionId: number, family: string, lines: unknown[], confirmDuplicate = false) {
    const imports = this.services.invoiceImport;
    try {
      const answer = await whenAllowed(() => imports.bulkStore(this.actor, { session_id: sessionId, product_family_name: family, lines: lines as never, confirm_duplicate: confirmDuplicate }, 0));
      if ('outcome' in answer) return { ok: answer.outcome === 'applied', body: answer.body };
      const outcome = await this.settle(answer);
      if (outcome.status.state === 'failed') return { ok: false, body: { error: outcome.status.error } };
      const done = await imports.answerOf((outcome.status.result as { attempt_id: number }).attempt_id);
      return { ok: done.outcome === 'applied', body: done.body };
    } catch (err) {
      return { ok: false, body: { error: { message: (err as Error).message } } };
    }
  }

  /** Without the gateway's realtime relay, a job is waited for by polling it. */
  private async settle(outcome: Outcome): Promise<Outcome> {
    let status = outcome.status;
    while (status.state !== 'completed' && status.state !== 'failed') {
      await new Promise((r) => setTimeout(r, 250));
      status = await this.services.jobs.statusOf(status.id, this.actor.userId);
    }
    return { done: true, status };
  }

  async close() {
    await this.workers?.close();
    await closePlatform(this.platform);
  }
}
