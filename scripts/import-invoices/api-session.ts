// The batch import's HTTP session with the platform, for runs longer than one access
// token (30 minutes by default):
//   - credentials: a bearer token as is (an access token, or a long-lived API token),
//     a refresh token, or an e-mail and password. With a refresh token or a password
//     the session holds a token pair and refreshes it a minute before the access
//     token expires, and once more when an answer is 401 anyway. One refresh at a
//     time: a refresh token is spent by its use, and sending it twice revokes the login.
//   - 429 (and 503) answers are retried after their Retry-After (seconds or a date),
//     or after an exponential backoff with jitter when there is none, up to
//     MAX_ATTEMPTS; a 429 means the request was not processed, so retrying is safe.

export interface Credentials {
  /** a bearer token used as is (an access token, or a personal API token) */
  token?: string;
  /** a refresh token: exchanged for a token pair, refreshed as it expires */
  refresh?: string;
  email?: string;
  password?: string;
}

export interface SessionOptions {
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** refresh this long before the access token expires */
  refreshMarginMs?: number;
  log?: (line: string) => void;
}

interface TokenPair {
  access: string;
  refresh: string;
  expires_in?: number;
  access_expires_at?: string;
}

const MAX_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 1000;
const BACKOFF_MAX_MS = 60_000;

export class SessionError extends Error {}

export class ApiSession {
  private access: string | null;
  private refreshToken: string | null;
  private expiresAt = Infinity;
  private refreshing: Promise<void> | null = null;
  private readonly doFetch: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly margin: number;
  private readonly log: (line: string) => void;

  constructor(private readonly base: string, private readonly creds: Credentials, opts: SessionOptions = {}) {
    if (!creds.token && !creds.refresh && !(creds.email && creds.password)) throw new SessionError('a token, a refresh token, or an e-mail and password are needed');
    this.access = creds.token ?? null;
    this.refreshToken = creds.refresh ?? null;
    this.doFetch = opts.fetch ?? fetch;
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.margin = opts.refreshMarginMs ?? 60_000;
    this.log = opts.log ?? (() => undefined);
  }

  /** Whether the session can get itself a new access token. */
  get renewable(): boolean {
    return Boolean(this.refreshToken || (this.creds.email && this.creds.password));
  }

  /** A request with the bearer token, refreshed and retried as described above. */
  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${this.base}${pathOrUrl}`;
    let renewedAfter401 = false;
    for (let attempt = 1; ; attempt++) {
      await this.ensureFresh();
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${this.access}`);
      const res = await this.doFetch(url, { ...init, headers });
      if (res.status === 401 && !renewedAfter401 && this.renewable) {
        renewedAfter401 = true;
        await res.body?.cancel();
        await this.renew();
        continue;
      }
      if ((res.status === 429 || res.status === 503) && attempt < MAX_ATTEMPTS) {
        const wait = retryAfterMs(res.headers.get('retry-after'), this.now()) ?? backoffMs(attempt);
        this.log(`${res.status} from ${new URL(url).pathname}; retrying in ${Math.ceil(wait / 1000)} s`);
        await res.body?.cancel();
        await this.sleep(wait);
        continue;
      }
      return res;
    }
  }

  private async ensureFresh(): Promise<void> {
    if (this.access && this.now() < this.expiresAt - this.margin) return;
    if (!this.access || this.renewable) await this.renew();
  }

  /** One refresh (or login) at a time; concurrent callers wait for the same one. */
  private renew(): Promise<void> {
    this.refreshing ??= this.obtainPair().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async obtainPair(): Promise<void> {
    let res: Response;
    if (this.refreshToken) {
      res = await this.post('/api/token/refresh/', { refresh: this.refreshToken });
      if (res.status === 401 && this.creds.email && this.creds.password) res = await this.post('/api/auth/login/', { email: this.creds.email, password: this.creds.password });
    } else if (this.creds.email && this.creds.password) {
      res = await this.post('/api/auth/login/', { email: this.creds.email, password: this.creds.password });
    } else {
      throw new SessionError('the access token was refused and cannot be renewed; pass --refresh <token> (or --email with INVP_PASSWORD), or a personal API token');
    }
    const body = (await res.json().catch(() => ({}))) as Partial<TokenPair> & { error?: { message?: string } };
    if (!res.ok || !body.access || !body.refresh) throw new SessionError(`could not renew the access token: ${body.error?.message ?? `HTTP ${res.status}`}`);
    this.access = body.access;
    this.refreshToken = body.refresh;
    const expiresAt = body.access_expires_at ? Date.parse(body.access_expires_at) : Number.NaN;
    this.expiresAt = Number.isFinite(expiresAt) ? expiresAt : body.expires_in ? this.now() + body.expires_in * 1000 : Infinity;
  }

  /** Token endpoints are throttled too: honour their 429 like any other. */
  private async post(path: string, body: unknown): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      const res = await this.doFetch(`${this.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status !== 429 || attempt >= MAX_ATTEMPTS) return res;
      await res.body?.cancel();
      await this.sleep(retryAfterMs(res.headers.get('retry-after'), this.now()) ?? backoffMs(attempt));
    }
  }
}

/** Retry-After as seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.min(BACKOFF_MAX_MS * 5, Number(header) * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, Math.min(BACKOFF_MAX_MS * 5, at - now)) : null;
}

/** Exponential with jitter (half fixed, half random): about 1 s, 2 s, 4 s ... at most a minute. */
export function backoffMs(attempt: number): number {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
  return Math.round(cap / 2 + Math.random() * (cap / 2));
}
