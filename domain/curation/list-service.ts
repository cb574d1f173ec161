// Curated lists: a curator (a user, or a team curating as a team) publishes a named
// list of products from its own catalog, public, unlisted or for subscribers, free
// or priced (price per interval in minor units). The price lives in a hidden
// subscription plan (subscription_plans.curated_list_id) so a paid subscription goes
// through the billing area's checkout, webhook, renewals and dunning unchanged; a
// new price is a new plan (subscribers keep the price they took). Reads follow
// list-access.ts; writes are the curator's, in one transaction each, audited.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Platform } from '../../db/platform.js';
import type { Actor } from '../shared/actor.js';
import type { AuditService } from '../audit/audit-service.js';
import type { Body, CollectionService } from '../shared/scoped-collection.js';
import { diff } from '../audit/audit-service.js';
import { iso, pick } from '../shared/scoped-collection.js';
import { applyListParams, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { auditCtx, findInScope, requireInScope, scopeFill } from '../shared/scoped-rows.js';
import { CuratedList, CuratedListItem, CuratedSubscription, Product, SubscriptionPlan } from '../../db/models/index.js';
import { Conflict, NotFound } from '../../jobs/runtime/errors.js';
import { pgError } from '../../db/errors.js';
import { headerReadable, itemsReadable, ownedBy, readColumns } from './list-access.js';
import Joi from 'joi';

type Row = Record<string, any>;
export const MAX_ITEMS = 500;

export const curatedListSpec: ListSpec = {
  filters: {
    visibility: { column: 'cl.visibility', schema: Joi.string().valid('public', 'unlisted', 'subscribers') },
    mine: { column: 'cl.id', schema: Joi.boolean().description('true: the scope\'s own lists only; false: other curators\' only'), apply: () => undefined },
    paid: { column: 'cl.price', schema: Joi.boolean(), apply: (q, v) => void (v ? q.whereNotNull('cl.price') : q.whereNull('cl.price')) },
  },
  search: ['cl.name', 'cl.description'],
  ordering: { created_at: 'cl.created_at', name: 'cl.name', id: 'cl.id' },
  defaultOrdering: '-created_at',
  tiebreak: 'cl.id',
};

/** The URL-safe slug of a name with a random tail (the share link of an unlisted list). */
export function slugOf(name: string): string {
  const base = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  return `${base || 'list'}-${crypto.randomBytes(5).toString('hex')}`;
}

export function listOut(r: Row) {
  return {
    id: r.id, name: r.name, slug: r.slug, description: r.description, visibility: r.visibility,
    price: r.price ?? null, currency: r.currency ?? null, interval: r.interval ?? null, plan: r.plan_id ?? null,
    item_count: Number(r.item_count ?? 0), is_mine: !!r.is_mine, subscribed: !!r.subscribed,
    profile_type: r.team_id != null ? 'team' : 'self', team_id: r.team_id ?? null,
    // another curator's member ids are not the reader's business
    created_by: r.is_mine ? (r.created_by ?? null) : null,
    created_at: iso(r.created_at), updated_at: iso(r.updated_at),
  };
}

export function itemOut(r: Row) {
  return {
    id: r.id, position: r.position, note: r.note,
    product: { id: r.product_id, name: r.product_name, description: r.product_description ?? '', category: r.product_category ?? '', base_unit: r.product_base_unit ?? '' },
    created_at: iso(r.created_at), updated_at: iso(r.updated_at),
  };
}

export class CuratedListService implements CollectionService<Row> {
  constructor(
    private readonly platform: Platform,
    private readonly audit: AuditService,
  ) {}

  private query(db: Knex | Knex.Transaction, actor: Actor) {
    return CuratedList.query(db).alias('cl').select(readColumns(this.platform.knex, actor.scope));
  }

  /** The scope's own lists and every other curator's public and subscribers lists (unlisted ones are shared by slug). */
  async list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<Row>> {
    const [mine, mb] = ownedBy('cl', actor.scope);
    const q = this.query(this.platform.knex, actor);
    if (params.mine === true) q.whereRaw(mine, mb);
    else if (params.mine === false) q.whereRaw(`NOT ${mine}`, mb).whereIn('cl.visibility', ['public', 'subscribers']);
    else q.where((w) => w.whereRaw(mine, mb).orWhereIn('cl.visibility', ['public', 'subscribers']));
    return paginate(at, applyListParams(q as never, curatedListSpec, params), params, listOut);
  }

  /** One list with its products when the caller may read them (items null otherwise). */
  async get(actor: Actor, id: number): Promise<Row> {
    const row = await this.query(this.platform.knex, actor).where('cl.id', id).first() as Row | undefined;
    if (!row || !headerReadable(row as never, false)) throw new NotFound('Curated list');
    return this.withItems(row);
  }

  /** The share link's read: any visibility, by slug. */
  async getBySlug(actor: Actor, slug: string): Promise<Row> {
    const row = await this.query(this.platform.knex, actor).where('cl.slug', slug).first() as Row | undefined;
    if (!row) throw new NotFound('Curated list');
    return this.withItems(row);
  }

  private async withItems(row: Row) {
    const readable = itemsReadable(row as never);
    const items = readable
      ? await CuratedListItem.query(this.platform.knex).alias('i').join('products as p', 'p.id', 'i.product_id').where('i.list_id', row.id)
          .select('i.*', 'p.name as product_name', 'p.description as product_description', 'p.category as product_category', 'p.base_unit as product_base_unit')
          .orderBy([{ column: 'i.position' }, { column: 'i.id' }]).limit(MAX_ITEMS)
      : null;
    return { ...listOut(row), items_locked: !readable, items: items ? items.map(itemOut) : null };
  }

  async create(actor: Actor, body: Body): Promise<Row> {
    const id = await this.platform.knex.transaction(async (trx) => {
      const values = { ...pick(body, ['name', 'description', 'visibility']), ...priceValues(body), slug: slugOf(body.name as string), ...scopeFill(actor.scope, actor.userId) };
      const row = await CuratedList.query(trx).insert(values as never).returning('*');
      if (row.price != null) await this.replacePlan(trx, row);
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'curated_list.create', entityType: 'curated_list', entityId: row.id, summary: `created curated list "${row.name}" (#${row.id})`,
        changes: { name: row.name, visibility: row.visibility, price: row.price, currency: row.currency, interval: row.interval },
      });
      return row.id;
    });
    return this.get(actor, id);
  }

  async update(actor: Actor, id: number, body: Body): Promise<Row> {
    await this.platform.knex.transaction(async (trx) => {
      const before = await findInScope<CuratedList>(trx, CuratedList, id, actor.scope, 'Curated list', { forUpdate: true });
      const values = { ...pick(body, ['name', 'description', 'visibility']), ...priceValues(body) };
      const changes = diff(before as never, values);
      if (!Object.keys(changes).length) return;
      const after = await CuratedList.query(trx).patchAndFetchById(id, { ...values, updated_at: new Date() } as never);
      if ('price' in changes || 'currency' in changes || 'interval' in changes || 'name' in changes) await this.replacePlan(trx, after);
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'curated_list.update', entityType: 'curated_list', entityId: id, summary: `updated curated list "${after.name}" (#${id}): ${Object.keys(changes).join(', ')}`, changes,
      });
    });
    return this.get(actor, id);
  }

  /** A list that ever had a paid subscriber is kept (its earnings and refunds refer to it): hide it instead. */
  async remove(actor: Actor, id: number): Promise<void> {
    await this.platform.knex.transaction(async (trx) => {
      const row = await findInScope<CuratedList>(trx, CuratedList, id, actor.scope, 'Curated list', { forUpdate: true });
      if (await CuratedSubscription.query(trx).where({ list_id: id, kind: 'paid' }).first()) {
        throw new Conflict('This list has had paid subscribers and is kept for their billing records; make it unlisted instead.', 'list_has_paid_subscriptions');
      }
      await SubscriptionPlan.query(trx).where('curated_list_id', id).patch({ is_active: false, updated_at: new Date() } as never);
      await CuratedList.query(trx).deleteById(id);
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'curated_list.delete', entityType: 'curated_list', entityId: id, summary: `deleted curated list "${row.name}" (#${id})`, changes: { name: row.name, visibility: row.visibility },
      });
    });
  }

  /** Adds a product of the curator's own catalog (another scope's product is 404). */
  async addItem(actor: Actor, listId: number, body: Body): Promise<Row> {
    const itemId = await this.platform.knex.transaction(async (trx) => {
      const list = await findInScope<CuratedList>(trx, CuratedList, listId, actor.scope, 'Curated list', { forUpdate: true });
      await requireInScope(trx, actor.scope, [{ field: 'product', model: Product, id: body.product as number, what: 'Product' }]);
      const count = Number(((await CuratedListItem.query(trx).where('list_id', listId).count('* as n').first()) as unknown as { n: string }).n);
      if (count >= MAX_ITEMS) throw new Conflict(`A curated list holds at most ${MAX_ITEMS} products.`, 'list_full');
      let item: CuratedListItem;
      try {
        item = await CuratedListItem.query(trx).insert({ list_id: listId, product_id: body.product, position: body.position ?? count, note: body.note ?? '' } as never).returning('*');
      } catch (err) {
        if (pgError(err)?.code === '23505') throw new Conflict('This product is already on the list.', 'already_listed');
        throw err;
      }
      await CuratedList.query(trx).findById(listId).patch({ updated_at: new Date() } as never);
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'curated_list_item.create', entityType: 'curated_list_item', entityId: item.id, summary: `added product #${item.product_id} to curated list "${list.name}"`,
        changes: { list_id: listId, product_id: item.product_id, position: item.position },
      });
      return item.id;
    });
    return this.item(listId, itemId);
  }

  async updateItem(actor: Actor, listId: number, itemId: number, body: Body): Promise<Row> {
    await this.platform.knex.transaction(async (trx) => {
      await findInScope(trx, CuratedList, listId, actor.scope, 'Curated list', { forUpdate: true });
      const before = await CuratedListItem.query(trx).findOne({ id: itemId, list_id: listId }).forUpdate();
      if (!before) throw new NotFound('Curated list item');
      const values = pick(body, ['position', 'note']);
      const changes = diff(before as never, values);
      if (!Object.keys(changes).length) return;
      await CuratedListItem.query(trx).findById(itemId).patch({ ...values, updated_at: new Date() } as never);
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'curated_list_item.update', entityType: 'curated_list_item', entityId: itemId, summary: `updated item #${itemId} of curated list #${listId}`, changes,
      });
    });
    return this.item(listId, itemId);
  }

  async removeItem(actor: Actor, listId: number, itemId: number): Promise<void> {
    await this.platform.knex.transaction(async (trx) => {
      await findInScope(trx, CuratedList, listId, actor.scope, 'Curated list', { forUpdate: true });
      const item = await CuratedListItem.query(trx).findOne({ id: itemId, list_id: listId });
      if (!item) throw new NotFound('Curated list item');
      await CuratedListItem.query(trx).deleteById(itemId);
      await this.audit.record(trx, auditCtx(actor.scope, actor.userId), {
        action: 'curated_list_item.delete', entityType: 'curated_list_item', entityId: itemId, summary: `removed product #${item.product_id} from curated list #${listId}`,
        changes: { list_id: listId, product_id: item.product_id },
      });
    });
  }

  private async item(listId: number, itemId: number): Promise<Row> {
    const row = await CuratedListItem.query(this.platform.knex).alias('i').join('products as p', 'p.id', 'i.product_id').where({ 'i.id': itemId, 'i.list_id': listId })
      .select('i.*', 'p.name as product_name', 'p.description as product_description', 'p.category as product_category', 'p.base_unit as product_base_unit').first();
    if (!row) throw new NotFound('Curated list item');
    return itemOut(row as Row);
  }

  /** The hidden plan of a paid list: the current one is retired and, while the list has a price, a new one carries it. */
  private async replacePlan(trx: Knex.Transaction, list: CuratedList) {
    await SubscriptionPlan.query(trx).where('curated_list_id', list.id).where('is_active', true).patch({ is_active: false, updated_at: new Date() } as never);
    if (list.price == null || !list.currency || !list.interval) return;
    await SubscriptionPlan.query(trx).insert({
      code: `curated-${list.id}-${crypto.randomBytes(4).toString('hex')}`, name: `Curated list "${list.name}"`.slice(0, 100), description: `Subscription to the curated list #${list.id}`,
      currency: list.currency, monthly_price: list.interval === 'month' ? list.price : 0, yearly_price: list.interval === 'year' ? list.price : 0,
      max_inventories: null, max_team_members: null, invoice_imports_per_month: null, ocr_pages_per_month: null, trial_days: 0, sort_order: 1000,
      is_active: true, curated_list_id: list.id,
    } as never);
  }
}

/** price/currency/interval of a body: all three together, or price null for a free list. */
function priceValues(body: Body): Body {
  if (body.price === undefined) return {};
  if (body.price === null) return { price: null, currency: null, interval: null };
  return { price: body.price, currency: body.currency, interval: body.interval };
}

