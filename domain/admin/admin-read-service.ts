// The staff admin's generic reading: a page of any declared resource (filters, search,
// ordering, page and page size from the list page's query) with its true count, and
// one row. Staff only.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import { applyListParams, listQuerySchema, type ListParams } from '../shared/listing.js';
import { Forbidden, Invalid, NotFound } from '../../jobs/runtime/errors.js';
import { adminResource, listSpecOf, type AdminResource } from './admin-resources.js';

export interface AdminPage {
  resource: AdminResource;
  /** the validated query (defaults applied) */
  params: ListParams;
  count: number;
  rows: Record<string, unknown>[];
}

export function staffOnly(actor: Actor): void {
  if (!actor.isStaff) throw new Forbidden('This action requires a staff account.', 'staff_only');
}

export class AdminReadService {
  constructor(private readonly platform: Platform) {}

  resource(name: string): AdminResource {
    const resource = adminResource(name);
    if (!resource) throw new NotFound('Admin page');
    return resource;
  }

  /** A page of rows; a query that names an unknown filter or a wrong value is 400 invalid. */
  async list(actor: Actor, name: string, query: Record<string, unknown>): Promise<AdminPage> {
    staffOnly(actor);
    const resource = this.resource(name);
    const { value, error } = listQuerySchema(listSpecOf(resource), `Admin${name}Query`).validate(query, { abortEarly: false, convert: true });
    if (error) throw new Invalid('The list was asked for with a wrong filter or page.', error.details.map((d) => ({ path: d.path.join('.'), message: d.message, type: d.type })));
    const params = value as ListParams;
    const q = applyListParams(resource.rows(this.platform.knex), listSpecOf(resource), params) as unknown as Knex.QueryBuilder;
    const [{ count }] = (await q.clone().clearSelect().clearOrder().count({ count: '*' })) as unknown as { count: string | number }[];
    const rows = (await q.offset((params.page - 1) * params.page_size).limit(params.page_size)) as Record<string, unknown>[];
    return { resource, params, count: Number(count), rows };
  }

  /** The home page's figures: each a count of a filtered list, with the list's link. */
  async overview(actor: Actor): Promise<{ label: string; count: number; href: string }[]> {
    staffOnly(actor);
    const today = new Date().toISOString().slice(0, 10);
    const tiles: { label: string; resource: string; query: Record<string, string> }[] = [
      { label: 'Users', resource: 'users', query: {} },
      { label: 'Active staff', resource: 'users', query: { is_staff: 'true', is_active: 'true' } },
      { label: 'Deactivated users', resource: 'users', query: { is_active: 'false' } },
      { label: 'Open tickets', resource: 'tickets', query: { status: 'open' } },
      { label: 'Audit entries today (UTC)', resource: 'audit-logs', query: { created_after: today } },
    ];
    return Promise.all(
      tiles.map(async (tile) => {
        const { count } = await this.list(actor, tile.resource, { ...tile.query, page_size: '1' });
        return { label: tile.label, count, href: `/admin/${tile.resource}/${Object.keys(tile.query).length ? `?${new URLSearchParams(tile.query)}` : ''}` };
      }),
    );
  }

  async get(actor: Actor, name: string, id: string): Promise<{ resource: AdminResource; row: Record<string, unknown> }> {
    staffOnly(actor);
    const resource = this.resource(name);
    const { value, error } = (resource.idSchema as Joi.Schema).validate(id, { convert: true });
    if (error) throw new NotFound(resource.title.replace(/s$/, ''));
    const row = (await resource.rows(this.platform.knex).where(resource.idColumn, value).first()) as Record<string, unknown> | undefined;
    if (!row) throw new NotFound(resource.title.replace(/s$/, ''));
    return { resource, row };
  }
}
