// Boots the verification stack for one test file: the kyc microservice listening on
// loopback (port 0), the real gateway listening and pointed at it, in-process workers
// for the kyc queue, a project of its own (unique key and slug) whose callbacks go
// to this gateway. Plus a stateful mock of the external provider (nock) and helpers.
import crypto, { randomBytes } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import nock from 'nock';
import { compose as composeKyc } from '../../kyc/server.js';
import { signRequest } from '../../kyc/providers/external-provider.js';
import type { ProjectRow } from '../../kyc/services/rows.js';
import type { KycServices } from '../../kyc/services/index.js';
import { startApp, type TestApp } from './app.js';
import { testConfig } from './env.js';
import { waitFor as waitUntil } from './wait.js';

export interface KycStack {
  app: TestApp;
  kyc: Server;
  kycServices: KycServices;
  kycUrl: string;
  project: ProjectRow;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export const PROVIDER_BASE = 'https://provider.test';

export async function startKycStack(opts: { env?: Record<string, string>; appEnv?: Record<string, string> } = {}): Promise<KycStack> {
  const suffix = randomBytes(4).toString('hex');
  const env: Record<string, string> = {
    KYC_API_KEY: `kyc_test_${suffix}`,
    KYC_API_SECRET: 'test-kyc-api-secret-0123456789',
    KYC_PROJECT_SLUG: `test-${suffix}`,
    KYC_PROJECT_NAME: `Test project ${suffix}`,
    KYC_CALLBACK_SECRET: 'test-kyc-callback-secret',
    KYC_WEBHOOK_SECRET: 'test-kyc-webhook-secret',
    KYC_PROVIDER_BASE_URL: PROVIDER_BASE,
    KYC_PROVIDER_APP_TOKEN: 'test-app-token',
    KYC_PROVIDER_SECRET_KEY: 'test-provider-secret-key',
    KYC_PORT: '0',
    KYC_CALLBACK_RETRY_BASE_MS: '200',
    KYC_CALLBACK_RETRY_MAX_MS: '1000',
    // test files share the database: a sweeper would pick up other files' applicants (tests call sweep.run() themselves)
    KYC_SWEEP_EVERY_MINUTES: '0',
    ...opts.env,
  };
  const kycConfig = testConfig(env);
  const kyc = await composeKyc(kycConfig);
  await kyc.start();
  const kycUrl = `http://127.0.0.1:${kyc.info.port}`;
  const app = await startApp({ env: { ...env, ...opts.appEnv, QUEUE_PREFIX: kycConfig.queuePrefix, KYC_URL: kycUrl }, workers: ['kyc'], listen: true });
  const kycServices = kyc.app.kyc!;
  const project = (await kycServices.projects.byKey(env.KYC_API_KEY))!;
  await kycServices.projects.setCallback(project.id, app.url);
  return {
    app,
    kyc,
    kycServices,
    kycUrl,
    project,
    env,
    async stop() {
      await app.stop();
      await kyc.stop({ timeout: 1000 });
    },
  };
}

/** The shared waitFor (helpers/wait.ts) in the argument order these tests were written with. */
export const waitFor = <T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, everyMs = 25): Promise<T> =>
  waitUntil(probe, { message: what, timeoutMs, intervalMs: everyMs }) as Promise<T>;

export const DIGESTS = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA1_HEX: 'sha1', HMAC_SHA512_HEX: 'sha512' } as const;

/** A provider webhook body and its digest headers. */
export function signedWebhook(secret: string, body: Record<string, unknown>, alg: keyof typeof DIGESTS | null = 'HMAC_SHA256_HEX') {
  const raw = JSON.stringify(body);
  const digest = crypto.createHmac(DIGESTS[alg ?? 'HMAC_SHA256_HEX'], secret).update(raw).digest('hex');
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-payload-digest': digest };
  if (alg) headers['x-payload-digest-alg'] = alg;
  return { raw, headers };
}

export interface MockApplicant {
  id: string;
  externalUserId: string;
  levelName: string;
  review: { reviewStatus: string; reviewResult?: Record<string, unknown> };
  deleted: boolean;
}

/**
 * A stateful stand-in for the external provider's REST API (Sumsub's shape). Every
 * request's X-App-Access-Sig is verified; a bad one answers 401 like the real API.
 */
export class MockProvider {
  readonly applicants = new Map<string, MockApplicant>();
  readonly calls: { method: string; path: string }[] = [];
  /** answer status reads of these provider applicant ids with this HTTP status (outage simulation) */
  readonly failStatus = new Map<string, number>();
  badSignatures = 0;

  constructor(
    private readonly base = PROVIDER_BASE,
    private readonly secretKey = 'test-provider-secret-key',
  ) {}

  install(): void {
    const self = this;
    const check = function (this: nock.ReplyFnContext, method: string, path: string, body: unknown): boolean {
      self.calls.push({ method, path });
      const h = this.req.headers;
      const raw = body === undefined || body === '' ? '' : typeof body === 'string' ? body : JSON.stringify(body);
      const ok = h['x-app-token'] === 'test-app-token' && h['x-app-access-sig'] === signRequest(self.secretKey, String(h['x-app-access-ts']), method, path, raw);
      if (!ok) self.badSignatures += 1;
      return ok;
    };
    nock(this.base)
      .persist()
      .post(/^\/resources\/applicants\?levelName=/)
      .reply(function (uri, body) {
        if (!check.call(this, 'POST', uri, body)) return [401, { description: 'bad signature' }];
        const externalUserId = (body as { externalUserId: string }).externalUserId;
        const existing = [...self.applicants.values()].find((a) => a.externalUserId === externalUserId && !a.deleted);
        if (existing) return [409, { description: `Applicant with external user id '${externalUserId}' already exists: ${existing.id}` }];
        const a: MockApplicant = { id: randomBytes(12).toString('hex'), externalUserId, levelName: decodeURIComponent(uri.split('levelName=')[1]), review: { reviewStatus: 'init' }, deleted: false };
        self.applicants.set(a.id, a);
        return [201, { id: a.id, externalUserId, review: a.review }];
      })
      .get(/^\/resources\/applicants\/-;externalUserId=.+\/one$/)
      .reply(function (uri) {
        if (!check.call(this, 'GET', uri, '')) return [401, {}];
        const ext = decodeURIComponent(/externalUserId=(.+)\/one$/.exec(uri)![1]);
        const a = [...self.applicants.values()].find((x) => x.externalUserId === ext && !x.deleted);
        return a ? [200, { id: a.id, externalUserId: ext }] : [404, { description: 'not found' }];
      })
      .get(/^\/resources\/applicants\/[^/]+\/status$/)
      .reply(function (uri) {
        if (!check.call(this, 'GET', uri, '')) return [401, {}];
        const failure = self.failStatus.get(uri.split('/')[3]);
        if (failure) return [failure, { description: 'outage' }];
        const a = self.applicants.get(uri.split('/')[3]);
        if (!a || a.deleted) return [404, { description: 'not found' }];
        return [200, { ...a.review, levelName: a.levelName, attemptCnt: 1 }];
      })
      .post('/resources/accessTokens/sdk')
      .reply(function (uri, body) {
        if (!check.call(this, 'POST', uri, body)) return [401, {}];
        return [200, { token: `_act-sbx-${randomBytes(16).toString('hex')}`, userId: (body as { userId: string }).userId }];
      })
      .post(/^\/resources\/applicants\/[^/]+\/reset$/)
      .reply(function (uri) {
        if (!check.call(this, 'POST', uri, '')) return [401, {}];
        const a = self.applicants.get(uri.split('/')[3]);
        if (!a) return [404, {}];
        a.review = { reviewStatus: 'init' };
        return [200, { ok: 1 }];
      });
  }

  byUser(externalUserId: string): MockApplicant {
    const a = [...this.applicants.values()].find((x) => x.externalUserId === externalUserId && !x.deleted);
    if (!a) throw new Error(`no mock applicant for ${externalUserId}`);
    return a;
  }

  set(externalUserId: string, review: MockApplicant['review']): MockApplicant {
    const a = this.byUser(externalUserId);
    a.review = review;
    return a;
  }
}
