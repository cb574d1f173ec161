// The user surface of identity verification: a thin proxy to the microservice with
// the user's id as external_user_id, per-user limits shared by every instance
// (Redis), the mirror refreshed from every answer, branding cached briefly, and the
// inbound signed status callback.
import { LRUCache } from 'lru-cache';
import type { Platform } from '../../db/platform.js';
import type { RateLimits, LimitRule } from '../shared/rate-limits.js';
import { DomainError, Forbidden, Unauthorized, Invalid } from '../../jobs/runtime/errors.js';
import { hmacHex, safeEqual } from '../../jobs/runtime/secrets.js';
import { KycClient } from './kyc-client.js';
import type { Actor } from '../shared/actor.js';
import type { KycMirrorService, CallbackOutcome } from './kyc-mirror-service.js';
import { CALLBACK_EVENT, KYC_PATHS, StatusCallbackSchema, type AccessTokenOut, type BrandingOut, type CoarseStatus, type MessageOut, type StatusCallbackBody, type StatusOut } from '../../jobs/kyc-contract.js';

export const KYC_LIMITS = {
  accessToken: { name: 'kyc-access-token', points: 15, durationSeconds: 60, message: 'Too many access-token requests; at most 15 per minute.' },
  refresh: { name: 'kyc-refresh', points: 6, durationSeconds: 60, message: 'Too many refresh requests; at most 6 per minute.' },
  reset: { name: 'kyc-reset', points: 6, durationSeconds: 60, message: 'Too many reset requests; at most 6 per minute.' },
} satisfies Record<string, LimitRule>;

const BRANDING_TTL_MS = 60_000;

export class KycService {
  private readonly client: KycClient;
  private readonly branding$ = new LRUCache<string, BrandingOut>({ max: 1, ttl: BRANDING_TTL_MS });

  constructor(
    private readonly platform: Platform,
    private readonly limits: RateLimits,
    readonly mirror: KycMirrorService,
  ) {
    this.client = new KycClient(platform);
  }

  /** A 409 from the microservice still tells us the user's status: mirror it, then pass the 409 on. */
  private async mirroring<T>(subjectUserId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'conflict' && err.details && !Array.isArray(err.details)) {
        const d = err.details as { status?: CoarseStatus; is_verified?: boolean; version?: number };
        if (d.status && typeof d.version === 'number') await this.mirror.refresh(subjectUserId, { status: d.status, is_verified: d.status === 'approved' }, d.version);
      }
      throw err;
    }
  }

  async accessToken(actor: Actor): Promise<AccessTokenOut> {
    const { userId } = actor;
    await this.limits.consume(KYC_LIMITS.accessToken, userId);
    return this.mirroring(userId, async () => {
      const a = await this.client.call<AccessTokenOut>('POST', KYC_PATHS.accessToken, { external_user_id: userId });
      await this.mirror.refresh(userId, a.body, a.version);
      return a.body;
    });
  }

  async status(actor: Actor): Promise<StatusOut> {
    const { userId } = actor;
    const a = await this.client.call<StatusOut>('GET', KYC_PATHS.status(userId));
    await this.mirror.refresh(userId, a.body, a.version);
    return a.body;
  }

  async refresh(actor: Actor): Promise<StatusOut> {
    const { userId } = actor;
    await this.limits.consume(KYC_LIMITS.refresh, userId);
    const a = await this.client.call<StatusOut>('POST', KYC_PATHS.refresh, { external_user_id: userId });
    await this.mirror.refresh(userId, a.body, a.version);
    return a.body;
  }

  async reset(actor: Actor): Promise<MessageOut> {
    const { userId } = actor;
    await this.limits.consume(KYC_LIMITS.reset, userId);
    return this.mirroring(userId, async () => {
      const a = await this.client.call<MessageOut>('POST', KYC_PATHS.reset, { external_user_id: userId });
      // MessageOut.status is the coarse status after the reset
      const status = a.body.status as CoarseStatus;
      if (a.version > 0) await this.mirror.refresh(userId, { status, is_verified: status === 'approved' }, a.version);
      return a.body;
    });
  }

  async branding(): Promise<BrandingOut> {
    const cached = this.branding$.get('branding');
    if (cached) return cached;
    const a = await this.client.call<BrandingOut>('GET', KYC_PATHS.branding);
    this.branding$.set('branding', a.body);
    return a.body;
  }

  /**
   * The microservice's signed callback. Refused without a configured secret; the
   * signature is checked over the raw bytes in constant time before parsing.
   */
  async receiveCallback(raw: Buffer, signature: string | undefined, event: string | undefined): Promise<{ outcome: CallbackOutcome; version: number }> {
    const secret = this.platform.config.kyc.callbackSecret;
    if (!secret) throw new Forbidden('Status callbacks are refused: KYC_CALLBACK_SECRET is not configured.', 'callbacks_disabled');
    if (!signature) throw new Unauthorized('The X-Kyc-Signature header is required.', 'invalid_signature');
    if (!safeEqual(hmacHex(secret, raw), signature.trim().toLowerCase())) throw new Unauthorized('The X-Kyc-Signature does not match the body.', 'invalid_signature');
    if (event !== CALLBACK_EVENT) throw Invalid.field('X-Kyc-Event', `unsupported event ${event ?? '(none)'}; expected ${CALLBACK_EVENT}`, 'unsupported_event');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new Invalid('The callback body is not valid JSON.', [], 'malformed_json');
    }
    const { value, error } = StatusCallbackSchema.validate(parsed, { abortEarly: false });
    if (error) throw new Invalid(`Invalid callback: ${error.message}`, error.details.map((d) => ({ path: d.path.join('.'), message: d.message.replace(/"/g, ''), type: d.type })));
    const body = value as StatusCallbackBody;
    const outcome = await this.mirror.applyCallback(body);
    if (outcome !== 'applied') this.platform.log.info({ user_id: body.external_user_id, version: body.version, outcome }, 'kyc callback changed nothing');
    return { outcome, version: body.version };
  }
}
