// The external provider adapter, speaking Sumsub's documented REST shape: every
// request is signed with X-App-Token, X-App-Access-Ts and X-App-Access-Sig (hex
// HMAC-SHA256 of ts + METHOD + path?query + body with the secret key).
import crypto from 'node:crypto';
import type { ProviderReview } from '../services/provider-review.js';
import { ProviderError, type ApplicantRef, type VerificationProvider } from './types.js';

export interface ExternalProviderSettings {
  name: string;
  baseUrl: string;
  appToken: string;
  secretKey: string;
  timeoutMs: number;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export function signRequest(secretKey: string, ts: string, method: string, pathWithQuery: string, body: string): string {
  return crypto.createHmac('sha256', secretKey).update(ts + method.toUpperCase() + pathWithQuery + body).digest('hex');
}

export class ExternalProvider implements VerificationProvider {
  readonly engine = 'external' as const;

  constructor(private readonly settings: ExternalProviderSettings) {}

  get name(): string {
    return this.settings.name;
  }

  private async request(method: 'GET' | 'POST', pathWithQuery: string, payload?: unknown): Promise<Answer> {
    if (!this.settings.appToken || !this.settings.secretKey) {
      throw new ProviderError('the external provider is not configured (KYC_PROVIDER_APP_TOKEN / KYC_PROVIDER_SECRET_KEY)', null, false);
    }
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const ts = Math.floor(Date.now() / 1000).toString();
    const headers: Record<string, string> = {
      accept: 'application/json',
      'X-App-Token': this.settings.appToken,
      'X-App-Access-Ts': ts,
      'X-App-Access-Sig': signRequest(this.settings.secretKey, ts, method, pathWithQuery, body),
    };
    if (body) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${this.settings.baseUrl}${pathWithQuery}`, { method, headers, body: body || undefined, signal: AbortSignal.timeout(this.settings.timeoutMs) });
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError';
      throw new ProviderError(timedOut ? `provider did not answer within ${this.settings.timeoutMs} ms` : `provider unreachable: ${(err as Error).message}`, null, true);
    }
    const text = await res.text();
    let parsed: unknown = {};
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      parsed = {};
    }
    return { status: res.status, body: parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {} };
  }

  private fail(what: string, answer: Answer): never {
    const retryable = answer.status >= 500 || answer.status === 429 || answer.status === 408;
    const description = typeof answer.body.description === 'string' ? `: ${answer.body.description}` : '';
    throw new ProviderError(`provider ${what} answered ${answer.status}${description}`, answer.status, retryable);
  }

  async ensureApplicant(ref: ApplicantRef): Promise<string> {
    const answer = await this.request('POST', `/resources/applicants?levelName=${encodeURIComponent(ref.levelName)}`, { externalUserId: ref.externalUserId });
    if ((answer.status === 200 || answer.status === 201) && typeof answer.body.id === 'string') return answer.body.id;
    if (answer.status === 409) {
      // already created for this external user id: link it
      const existing = await this.findApplicant(ref.externalUserId);
      if (existing) return existing;
    }
    return this.fail('create applicant', answer);
  }

  async findApplicant(externalUserId: string): Promise<string | null> {
    const answer = await this.request('GET', `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`);
    if (answer.status === 404) return null;
    if (answer.status === 200 && typeof answer.body.id === 'string') return answer.body.id;
    return this.fail('applicant lookup', answer);
  }

  async fetchReview(ref: ApplicantRef & { providerApplicantId: string }): Promise<ProviderReview | 'deleted'> {
    const answer = await this.request('GET', `/resources/applicants/${encodeURIComponent(ref.providerApplicantId)}/status`);
    if (answer.status === 404) return 'deleted';
    if (answer.status !== 200) return this.fail('review status', answer);
    const b = answer.body;
    const result = (b.reviewResult && typeof b.reviewResult === 'object' ? b.reviewResult : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      reviewStatus: str(b.reviewStatus),
      reviewAnswer: str(result.reviewAnswer),
      rejectType: str(result.reviewRejectType),
      rejectLabels: Array.isArray(result.rejectLabels) ? result.rejectLabels.map(String) : [],
      moderationComment: str(result.moderationComment),
      clientComment: str(result.clientComment),
      levelName: str(b.levelName) || undefined,
    };
  }

  async mintToken(ref: ApplicantRef & { providerApplicantId: string }, ttlSecs: number): Promise<string> {
    const answer = await this.request('POST', '/resources/accessTokens/sdk', { userId: ref.externalUserId, levelName: ref.levelName, ttlInSecs: ttlSecs });
    if (answer.status === 200 && typeof answer.body.token === 'string' && answer.body.token) return answer.body.token;
    return this.fail('access token', answer);
  }

  async reset(ref: ApplicantRef & { providerApplicantId: string }): Promise<void> {
    const answer = await this.request('POST', `/resources/applicants/${encodeURIComponent(ref.providerApplicantId)}/reset`);
    if (answer.status !== 200) this.fail('reset', answer);
  }
}
