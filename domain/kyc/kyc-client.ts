// The main service's HTTP client to the verification microservice: X-Api-Key and
// X-Api-Secret on every call, one AbortController timeout (KYC_PROXY_TIMEOUT_MS, 20 s),
// and failures as clear errors: a timeout is kyc_timeout, an unreachable service
// kyc_unavailable, its own refusals pass through with their kind and code.
import type { Platform } from '../../db/platform.js';
import { DomainError, ServiceUnavailable, UpstreamTimeout } from '../../jobs/runtime/errors.js';
import { KYC_REFUSALS, VERSION_HEADER } from '../../jobs/kyc-contract.js';

export interface KycAnswer<B> {
  status: number;
  body: B;
  /** the applicant's status version reported by the microservice (0 when absent) */
  version: number;
}

/** A binary answer (a document image of the staff review). */
export interface KycBytes {
  contentType: string;
  bytes: Buffer;
}

export class KycClient {
  constructor(private readonly platform: Platform) {}

  async call<B>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<KycAnswer<B>> {
    const { res, data } = await this.exchange(method, path, 'application/json', payload);
    const body = parseJson(data);
    const version = Number(res.headers.get(VERSION_HEADER) ?? 0) || 0;
    if (res.ok && body && typeof body === 'object') return { status: res.status, body: body as B, version };
    throw this.failure(res, body);
  }

  /** GET of a binary resource: its bytes and content type, or the same errors as call(). */
  async bytes(path: string): Promise<KycBytes> {
    const { res, data } = await this.exchange('GET', path, '*/*');
    if (res.ok) return { contentType: res.headers.get('content-type') ?? 'application/octet-stream', bytes: data };
    throw this.failure(res, parseJson(data));
  }

  /** One request and its whole body under the timeout. */
  private async exchange(method: 'GET' | 'POST', path: string, accept: string, payload?: unknown): Promise<{ res: Response; data: Buffer }> {
    const { kycUrl, kyc } = this.platform.config;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), kyc.proxyTimeoutMs);
    try {
      const res = await fetch(`${kycUrl}${path}`, {
        method,
        headers: { accept, 'x-api-key': kyc.apiKey, 'x-api-secret': kyc.apiSecret, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
        signal: controller.signal,
      });
      return { res, data: Buffer.from(await res.arrayBuffer()) };
    } catch (err) {
      if (controller.signal.aborted) throw new UpstreamTimeout(`The verification service did not answer within ${Math.round(kyc.proxyTimeoutMs / 100) / 10} s; try again shortly.`, 'kyc_timeout');
      this.platform.log.warn({ err: (err as Error).message, path }, 'verification service unreachable');
      throw new DomainError('unavailable', 'kyc_unavailable', 'The verification service is unavailable; try again shortly.', null, 5);
    } finally {
      clearTimeout(timer);
    }
  }

  private failure(res: Response, body: unknown): DomainError {
    const error = (body as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
    if (res.status >= 400 && res.status < 500 && res.status !== 401 && error?.code) {
      const retryAfter = Number(res.headers.get('retry-after') ?? NaN);
      return new DomainError(KYC_REFUSALS[res.status] ?? 'invalid', error.code, error.message ?? 'The verification service refused the request.', (error.details ?? null) as never, Number.isFinite(retryAfter) ? retryAfter : null);
    }
    if (res.status === 401 || res.status === 403) {
      // our own credentials were refused: a configuration problem, not the user's
      this.platform.log.error({ status: res.status, code: error?.code }, 'the verification service refused KYC_API_KEY / KYC_API_SECRET');
      return new ServiceUnavailable('The verification service is misconfigured; try again later.', 'kyc_unavailable');
    }
    if (res.status === 503 || res.status === 502) {
      return new DomainError('unavailable', error?.code === 'provider_error' || error?.code === 'provider_not_configured' ? error.code : 'kyc_unavailable', error?.message ?? 'The verification service is unavailable; try again shortly.', null, 5);
    }
    return new DomainError('upstream_failed', 'kyc_upstream_error', `The verification service failed (${res.status}).`);
  }
}

function parseJson(data: Buffer): unknown {
  try {
    return data.length ? JSON.parse(data.toString('utf8')) : null;
  } catch {
    return null;
  }
}
