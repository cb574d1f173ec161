// Identity verification: the microservice (kyc/) and the main service's proxy to it.
import Joi from 'joi';
import { inGroup, setting, stripSlash, type SettingValues } from './define.js';

export const kycGroup = { name: 'kyc', title: 'Identity verification (KYC)' };

const GENERATED = 'generated (see `SECRETS_FILE`)';
const httpUrl = () => Joi.string().uri({ scheme: ['http', 'https'] });
const ms = (min: number, max: number, fallback: number) => Joi.number().integer().min(min).max(max).default(fallback);

export const kycSettings = inGroup(kycGroup, {
  /** interface the verification microservice binds (loopback unless KYC_HOST says otherwise) */
  kycHost: setting(
    'KYC_HOST',
    Joi.string().default('127.0.0.1'),
    "interface the verification microservice binds. Loopback by default: the main service is its caller. Set `0.0.0.0` (or route through a reverse proxy) when the external provider's webhooks or SDK clients of the in-house engine must reach it from other hosts",
  ),
  kycPort: setting('KYC_PORT', Joi.number().port().default(8001), 'verification microservice port'),
  kycUrl: setting('KYC_URL', httpUrl(), 'where the main service finds the microservice', {
    shownDefault: '`http://127.0.0.1:$KYC_PORT`',
    read: (value: string | undefined, all: SettingValues) => stripSlash(value ?? `http://127.0.0.1:${all.KYC_PORT}`),
  }),
  kyc: {
    apiKey: setting('KYC_API_KEY', Joi.string().pattern(/^[A-Za-z0-9_.-]{8,128}$/).default('kyc_dev_project_key'), "the project's API key: the microservice ensures this project exists on start; the proxy sends it as `X-Api-Key`"),
    // no defaults for the secrets: a missing one comes from SECRETS_FILE (outside production), never from the source
    apiSecret: setting(
      'KYC_API_SECRET',
      Joi.string().min(16).max(256).required(),
      "the project's API secret, sent by the proxy as `X-Api-Secret` on every call; the microservice stores its hash and refuses any project call without it (required in production, ≥ 16 chars)",
      { secret: 'generated', shownDefault: GENERATED },
    ),
    callbackSecret: setting(
      'KYC_CALLBACK_SECRET',
      Joi.string().allow('').max(256).required(),
      'signs status callbacks (`X-Kyc-Signature`); set to empty: **the main service refuses every callback** (must be set in production)',
      { secret: 'generated', shownDefault: GENERATED },
    ),
    /** base URL the microservice posts status callbacks to (the main service) */
    callbackUrl: setting('KYC_CALLBACK_URL', httpUrl(), 'base URL the microservice posts `/api/v1/internal/kyc/status-callback/` to', {
      shownDefault: '`PUBLIC_BASE_URL`, else `http://127.0.0.1:$PORT`',
      read: (value: string | undefined, all: SettingValues) => stripSlash(value ?? all.PUBLIC_BASE_URL ?? `http://127.0.0.1:${all.PORT}`),
    }),
    engine: setting(
      'KYC_ENGINE',
      Joi.string().lowercase().pattern(/^[a-z0-9_-]+$/).default('inhouse'),
      "`inhouse` (embedded engine) or `external` (also accepted: the provider's name, `KYC_PROVIDER_NAME`) for the configured project",
      { allowed: '`inhouse`, `external` or the value of `KYC_PROVIDER_NAME`', read: (value: string): 'inhouse' | 'external' => (value === 'inhouse' ? 'inhouse' : 'external') },
    ),
    /** neutral slug of the external provider: the `provider` value and the webhook path */
    providerName: setting(
      'KYC_PROVIDER_NAME',
      Joi.string().lowercase().pattern(/^[a-z0-9_-]{2,40}$/).invalid('inhouse', 'external').default('sumsub'),
      'neutral slug of the external provider: the `provider` value and the webhook path `/api/v1/kyc/webhook/<name>/`',
    ),
    providerBaseUrl: setting('KYC_PROVIDER_BASE_URL', httpUrl().default('https://api.sumsub.com'), "the external provider's REST API", { read: stripSlash }),
    providerAppToken: setting(
      'KYC_PROVIDER_APP_TOKEN',
      Joi.string().allow('').default(''),
      "the provider's app token (requests are signed with `X-App-Access-Sig`); empty: external calls answer 503 `provider_not_configured`",
      { secret: 'secret' },
    ),
    providerSecretKey: setting(
      'KYC_PROVIDER_SECRET_KEY',
      Joi.string().allow('').default(''),
      "the provider's secret key (requests are signed with `X-App-Access-Sig`); empty: external calls answer 503 `provider_not_configured`",
      { secret: 'secret' },
    ),
    webhookSecret: setting(
      'KYC_WEBHOOK_SECRET',
      Joi.string().allow('').max(256).required(),
      "checks the provider's `X-Payload-Digest`; set to empty: every webhook is refused (must be set in production)",
      { secret: 'generated', shownDefault: GENERATED },
    ),
    levelName: setting('KYC_LEVEL_NAME', Joi.string().max(100).default('basic-kyc-level'), 'default verification level of the configured project'),
    projectSlug: setting('KYC_PROJECT_SLUG', Joi.string().pattern(/^[a-z0-9][a-z0-9-]{1,62}$/).default('inventory-platform'), "the configured project's `project` value"),
    projectName: setting('KYC_PROJECT_NAME', Joi.string().max(200).default('Inventory Platform'), "the configured project's display name (branding)"),
    /** where SDK clients reach the in-house engine; empty: the microservice's own address */
    publicUrl: setting('KYC_PUBLIC_URL', httpUrl().allow('').default(''), 'where SDK clients reach the in-house engine (`api_base` = this + `/api/v1/kyc/inhouse`)', {
      shownDefault: "empty: the microservice's own address",
      read: stripSlash,
    }),
    sweepAgeMinutes: setting('KYC_SWEEP_AGE_MINUTES', Joi.number().integer().min(1).max(7 * 24 * 60).default(30), 'applicants left in `pending`/`in_review`/`on_hold` longer than this are re-pulled by the sweeper'),
    /** how often the kyc sweeper runs; 0 schedules none */
    sweepEveryMinutes: setting('KYC_SWEEP_EVERY_MINUTES', Joi.number().integer().min(0).max(24 * 60).default(5), 'how often a worker consuming the `kyc` queue schedules the sweeper (`0`: never)'),
    proxyTimeoutMs: setting('KYC_PROXY_TIMEOUT_MS', ms(50, 120000, 20000), 'main service → microservice timeout (504 `kyc_timeout` after it)'),
    providerTimeoutMs: setting('KYC_PROVIDER_TIMEOUT_MS', ms(50, 120000, 15000), 'timeout of provider calls'),
    callbackTimeoutMs: setting('KYC_CALLBACK_TIMEOUT_MS', ms(50, 120000, 10000), 'timeout of one callback attempt'),
    callbackRetryBaseMs: setting('KYC_CALLBACK_RETRY_BASE_MS', ms(10, 600000, 5000), 'callback retries: exponential from this base, capped, with jitter, for the window; then dead'),
    callbackRetryMaxMs: setting('KYC_CALLBACK_RETRY_MAX_MS', ms(10, 24 * 3600000, 3600000), 'cap of one callback retry delay'),
    callbackRetryWindowHours: setting('KYC_CALLBACK_RETRY_WINDOW_HOURS', Joi.number().min(0.001).max(24 * 7).default(24), 'how long a callback is retried before it is marked dead'),
  },
});

/** KYC_ENGINE names the provider of KYC_PROVIDER_NAME or one of the two kinds. */
export function checkKycEngine(values: SettingValues): string | null {
  const engine = String(values.KYC_ENGINE);
  if (engine === 'inhouse' || engine === 'external' || engine === values.KYC_PROVIDER_NAME) return null;
  return `KYC_ENGINE must be inhouse, external or ${values.KYC_PROVIDER_NAME} (KYC_PROVIDER_NAME)`;
}
