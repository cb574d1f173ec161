// A browser's part for server.inject against the staff admin (/admin/): a cookie jar,
// the CSRF token read from the crumb cookie, form posts. signIn() goes through the
// sign-in page like a browser does.
import type { Server } from '@hapi/hapi';

export interface AdminAnswer {
  status: number;
  body: string;
  headers: Record<string, unknown>;
  location: string | undefined;
}

export class AdminAgent {
  readonly jar = new Map<string, string>();

  constructor(private readonly server: Server) {}

  private remember(setCookie: unknown): void {
    for (const line of [setCookie ?? []].flat() as string[]) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  get cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** the CSRF token forms carry (the crumb cookie's value) */
  get crumb(): string {
    return this.jar.get('admin_crumb') ?? '';
  }

  async get(url: string): Promise<AdminAnswer> {
    const res = await this.server.inject({ method: 'GET', url, headers: this.jar.size ? { cookie: this.cookieHeader } : {} });
    this.remember(res.headers['set-cookie']);
    return { status: res.statusCode, body: res.payload, headers: res.headers, location: res.headers.location as string | undefined };
  }

  /** A form post; the CSRF token is added unless `crumb: false` (or replaced by a given one). */
  async post(url: string, fields: Record<string, string> = {}, opts: { crumb?: boolean | string } = {}): Promise<AdminAnswer> {
    const form = new URLSearchParams(fields);
    if (opts.crumb !== false) form.set('admin_crumb', typeof opts.crumb === 'string' ? opts.crumb : this.crumb);
    const res = await this.server.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(this.jar.size ? { cookie: this.cookieHeader } : {}) },
      payload: form.toString(),
    });
    this.remember(res.headers['set-cookie']);
    return { status: res.statusCode, body: res.payload, headers: res.headers, location: res.headers.location as string | undefined };
  }

  /** Opens the sign-in page (its CSRF cookie), then signs in; the answer of the post. */
  async signIn(email: string, password: string): Promise<AdminAnswer> {
    await this.get('/admin/login/');
    return this.post('/admin/login/', { email, password });
  }
}

/** A staff member signed in to the admin (throws when the sign-in is refused). */
export async function adminAgent(server: Server, email: string, password: string): Promise<AdminAgent> {
  const agent = new AdminAgent(server);
  const res = await agent.signIn(email, password);
  if (res.status !== 303 || !agent.jar.has('admin_sid')) throw new Error(`admin sign-in refused (${res.status}): ${res.body.slice(0, 300)}`);
  return agent;
}
