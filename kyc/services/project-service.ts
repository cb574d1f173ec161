// Projects: one per API key. X-Api-Key identifies the project (an identifier, not a
// secret); X-Api-Secret authenticates every project call and is compared as a hash in
// constant time. A missing or empty secret is refused like a wrong one.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import type { Config } from '../../jobs/runtime/config.js';
import { randomToken, safeEqual, seal, sha256Hex, unseal } from '../../jobs/runtime/secrets.js';
import { Conflict, Unauthorized } from '../../jobs/runtime/errors.js';
import { INHOUSE } from '../providers/inhouse-provider.js';
import type { BrandingOut } from '../../jobs/kyc-contract.js';
import type { ProjectRow } from './rows.js';
import { T } from './tables.js';

export const CALLBACK_SEAL_PURPOSE = 'kyc-callback-secret';

export interface NewProject {
  slug: string;
  name: string;
  engine: 'external' | 'inhouse';
  levelName: string;
  callbackUrl: string;
  callbackSecret: string;
  logoUrl?: string;
  primaryColor?: string;
  supportEmail?: string;
  apiKey?: string;
  apiSecret?: string;
}

export class ProjectService {
  /** short cache: every proxied call authenticates; a changed secret applies within seconds */
  private readonly cache = new LRUCache<string, ProjectRow>({ max: 1000, ttl: 5000 });

  constructor(
    private readonly knex: Knex,
    private readonly config: Config,
  ) {}

  private providerName(engine: 'external' | 'inhouse'): string {
    return engine === 'inhouse' ? INHOUSE : this.config.kyc.providerName;
  }

  async byKey(apiKey: string): Promise<ProjectRow | undefined> {
    const cached = this.cache.get(apiKey);
    if (cached) return cached;
    const row = (await this.knex(T.projects).where({ api_key: apiKey }).first()) as ProjectRow | undefined;
    if (row) this.cache.set(apiKey, row);
    return row;
  }

  private readonly byIdCache = new LRUCache<number, ProjectRow>({ max: 1000, ttl: 5000 });

  /** Pass the caller's transaction when inside one (a second pool connection could deadlock the pool). */
  async byId(id: number, db: Knex = this.knex): Promise<ProjectRow> {
    const cached = this.byIdCache.get(id);
    if (cached) return cached;
    const row = (await db(T.projects).where({ id }).first()) as ProjectRow;
    if (row) this.byIdCache.set(id, row);
    return row;
  }

  /** The project of a call: 401 for an unknown key, or a missing, empty or wrong secret. */
  async authenticate(apiKey: string | undefined, apiSecret: string | undefined): Promise<ProjectRow> {
    if (!apiKey) throw new Unauthorized('The X-Api-Key header is required.', 'api_key_missing');
    if (!apiSecret) throw new Unauthorized('The X-Api-Secret header is required.', 'api_secret_missing');
    const project = await this.byKey(apiKey);
    // hash and compare either way so an unknown key and a wrong secret take the same time
    const given = sha256Hex(apiSecret);
    const matches = safeEqual(given, project?.api_secret_hash ?? sha256Hex(`${apiSecret}:unknown-key`));
    if (!project) throw new Unauthorized('The API key is not valid.', 'api_key_invalid');
    if (!matches) throw new Unauthorized('The API secret does not match the API key.', 'api_secret_invalid');
    return project;
  }

  callbackSecret(project: ProjectRow): string {
    return project.callback_secret_sealed ? unseal(this.config.secretKey, CALLBACK_SEAL_PURPOSE, project.callback_secret_sealed) : '';
  }

  branding(project: ProjectRow): BrandingOut {
    return {
      project: project.slug,
      name: project.name,
      logo_url: project.logo_url,
      primary_color: project.primary_color,
      support_email: project.support_email,
      provider: project.provider_name,
    };
  }

  /** Creates a project; returns it with its key and secret (the secret is shown only here). */
  async create(input: NewProject): Promise<{ project: ProjectRow; apiKey: string; apiSecret: string }> {
    const apiKey = input.apiKey ?? randomToken('kyc_pk_', 18);
    const apiSecret = input.apiSecret ?? randomToken('kyc_sk_', 32);
    const exists = await this.knex(T.projects).where({ slug: input.slug }).orWhere({ api_key: apiKey }).first();
    if (exists) throw new Conflict(`A project with slug ${input.slug} (or this key) already exists.`, 'project_exists');
    const [project] = await this.knex(T.projects).insert(this.columns(input, apiKey, apiSecret)).returning('*');
    return { project, apiKey, apiSecret };
  }

  /**
   * On start the microservice makes sure the project named by KYC_API_KEY exists and
   * matches the configuration (secret, engine, level, callback), so `npm start`
   * needs no manual step. Branding edited in the database is left alone.
   */
  async ensureConfigured(): Promise<ProjectRow> {
    const k = this.config.kyc;
    const input: NewProject = {
      slug: k.projectSlug,
      name: k.projectName,
      engine: k.engine,
      levelName: k.levelName,
      callbackUrl: k.callbackUrl,
      callbackSecret: k.callbackSecret,
    };
    const cols = this.columns(input, k.apiKey, k.apiSecret);
    const [row] = await this.knex(T.projects)
      .insert(cols)
      .onConflict('api_key')
      .merge(['api_secret_hash', 'engine', 'provider_name', 'level_name', 'callback_url', 'callback_secret_sealed', 'updated_at'])
      .returning('*');
    this.cache.delete(k.apiKey);
    this.byIdCache.clear();
    return row as ProjectRow;
  }

  async setCallback(projectId: number, callbackUrl: string, callbackSecret?: string): Promise<void> {
    const patch: Record<string, unknown> = { callback_url: callbackUrl.replace(/\/+$/, ''), updated_at: new Date() };
    if (callbackSecret !== undefined) patch.callback_secret_sealed = callbackSecret ? seal(this.config.secretKey, CALLBACK_SEAL_PURPOSE, callbackSecret) : null;
    await this.knex(T.projects).where({ id: projectId }).update(patch);
    this.cache.clear();
    this.byIdCache.clear();
  }

  private columns(input: NewProject, apiKey: string, apiSecret: string) {
    return {
      slug: input.slug,
      name: input.name,
      api_key: apiKey,
      api_secret_hash: sha256Hex(apiSecret),
      engine: input.engine,
      provider_name: this.providerName(input.engine),
      level_name: input.levelName,
      logo_url: input.logoUrl ?? '',
      primary_color: input.primaryColor ?? '',
      support_email: input.supportEmail ?? '',
      callback_url: input.callbackUrl.replace(/\/+$/, ''),
      callback_secret_sealed: input.callbackSecret ? seal(this.config.secretKey, CALLBACK_SEAL_PURPOSE, input.callbackSecret) : null,
      updated_at: new Date(),
    };
  }
}

export const newProjectSlug = () => `project-${crypto.randomBytes(4).toString('hex')}`;
