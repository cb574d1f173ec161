// Size: a table of declarations, one entry per resource the admin lists; each entry is short and they read best side by side.
// What the staff admin lists: one declaration per resource (its rows, the columns a
// list and a detail page show, the filters, search and ordering), read by
// AdminReadService and drawn by the generic list and detail pages. Adding a resource
// is one entry here (docs/areas/admin.md). This file is a table of declarations, hence
// its length.
//
// Only the columns named here are ever read out: password hashes, token hashes,
// sealed fields and processor secrets are never selected.
import Joi from 'joi';
import type { Knex } from 'knex';
import type { AnyQueryBuilder } from 'objection';
import type { ListFilter, ListSpec } from '../shared/listing.js';
import { escapeLike } from '../shared/listing.js';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../support/ticket-rules.js';
import {
  AuditLog, BillingInvoice, CuratedList, CuratorEarning, Otp, DataDeletionRequest, DataExportRequest, FaqArticle, HelpCategory, Inventory, InventoryItem, InvoiceImportSession, Product,
  Report, SubscriptionPlan, SupportTicket, SupportTicketType, Team, User, UserSubscription,
} from '../../db/models/index.js';

/** How a value is shown: text (default), yes/no, a date-time, JSON, or a link to another resource's detail page. */
export type ColumnKind = 'text' | 'bool' | 'date' | 'json' | 'money';

export interface AdminColumn {
  key: string;
  label: string;
  kind?: ColumnKind;
  /** the value is the id of a row of this resource: shown as a link to it */
  link?: string;
}

/** A filter of the list page: the SQL test (ListFilter) and the form control that sets it. */
export interface AdminFilter extends ListFilter {
  label: string;
  input: 'text' | 'bool' | 'date' | { choices: string[] };
}

export interface AdminResource {
  /** URL segment: /admin/<name>/ */
  name: string;
  title: string;
  /** navigation heading */
  group: string;
  /** the rows, with the columns below selected (aliases allowed) */
  rows(knex: Knex): AnyQueryBuilder;
  /** column of the row id, and the schema a path id must match */
  idColumn: string;
  idSchema: Joi.Schema;
  /** the column a list row links to its detail page by (usually `id`) */
  idKey: string;
  columns: AdminColumn[];
  /** the detail page's fields (default: the list's columns) */
  detail?: AdminColumn[];
  filters: Record<string, AdminFilter>;
  search: string[];
  ordering: Record<string, string>;
  defaultOrdering: string;
  tiebreak: string;
}

const uuid = Joi.string().guid();
const intId = Joi.number().integer().positive().max(2147483647);
const bool = (column: string, label: string): AdminFilter => ({ column, label, schema: Joi.boolean().allow(''), input: 'bool' });
const text = (column: string, label: string, op: ListFilter['op'] = 'ilike'): AdminFilter => ({ column, label, schema: Joi.string().trim().max(200).allow(''), input: 'text', op });
const choice = (column: string, label: string, choices: string[]): AdminFilter => ({ column, label, schema: Joi.string().valid(...choices, ''), input: { choices } });
const since = (column: string): AdminFilter => ({ column, label: 'From', schema: Joi.date().iso().allow(''), input: 'date', op: '>=' });
const until = (column: string): AdminFilter => ({ column, label: 'Until', schema: Joi.date().iso().allow(''), input: 'date', op: '<', apply: (q, v) => q.where(column, '<', endOfDay(v)) });
const uuidIs = (column: string, label: string): AdminFilter => ({ column, label, schema: Joi.string().trim().guid().allow(''), input: 'text' });
const intIs = (column: string, label: string): AdminFilter => ({ column, label, schema: intId.allow(''), input: 'text' });
/** who: the user's e-mail, part of it */
const emailOf = (userAlias: string, label: string): AdminFilter => ({
  column: `${userAlias}.email`,
  label,
  schema: Joi.string().trim().max(254).allow(''),
  input: 'text',
  apply: (q, v) => q.where(`${userAlias}.email`, 'ilike', `%${escapeLike(String(v))}%`),
});

/** a date filter's "until" includes the whole day it names */
function endOfDay(v: unknown): Date {
  const d = new Date(v as string);
  return /^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? new Date(d.getTime() + 86_400_000) : d;
}

const created: AdminColumn = { key: 'created_at', label: 'Created', kind: 'date' };
const owner: AdminColumn = { key: 'owner_email', label: 'Owner' };
const team: AdminColumn = { key: 'team_id', label: 'Team', link: 'teams' };
/** owned rows: the owner's e-mail joined in */
const withOwner = (q: AnyQueryBuilder, alias: string) => q.leftJoin('users as o', 'o.id', `${alias}.owner_id`);

export const ADMIN_RESOURCES: AdminResource[] = [
  {
    name: 'users', title: 'Users', group: 'Accounts',
    rows: (knex) => User.query(knex).alias('u').leftJoin('team_members as tm', 'tm.user_id', 'u.id')
      .select('u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.is_staff', 'u.is_active', 'u.email_verified_at', 'u.last_login_at', 'u.created_at', 'u.password_changed_at', 'tm.team_id'),
    idColumn: 'u.id', idSchema: uuid, idKey: 'id',
    columns: [
      { key: 'email', label: 'E-mail' }, { key: 'first_name', label: 'First name' }, { key: 'last_name', label: 'Last name' },
      { key: 'is_staff', label: 'Staff', kind: 'bool' }, { key: 'is_active', label: 'Active', kind: 'bool' }, { key: 'email_verified_at', label: 'Verified', kind: 'date' },
      { key: 'last_login_at', label: 'Last login', kind: 'date' }, { ...created, label: 'Joined' },
    ],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'email', label: 'E-mail' }, { key: 'first_name', label: 'First name' }, { key: 'last_name', label: 'Last name' },
      { key: 'is_staff', label: 'Staff', kind: 'bool' }, { key: 'is_active', label: 'Active', kind: 'bool' }, { key: 'email_verified_at', label: 'Verified', kind: 'date' },
      { key: 'team_id', label: 'Team', link: 'teams' }, { key: 'last_login_at', label: 'Last login', kind: 'date' }, { key: 'password_changed_at', label: 'Password changed', kind: 'date' }, { ...created, label: 'Joined' },
    ],
    filters: { is_staff: bool('u.is_staff', 'Staff'), is_active: bool('u.is_active', 'Active'), verified: { column: 'u.email_verified_at', label: 'Verified', schema: Joi.boolean().allow(''), input: 'bool', apply: (q, v) => (v ? q.whereNotNull('u.email_verified_at') : q.whereNull('u.email_verified_at')) } },
    search: ['u.email', 'u.first_name', 'u.last_name'],
    ordering: { email: 'u.email', created_at: 'u.created_at', last_login_at: 'u.last_login_at' }, defaultOrdering: '-created_at', tiebreak: 'u.id',
  },
  {
    name: 'otps', title: 'One-time codes', group: 'Accounts',
    // the codes themselves are never shown (only their HMAC is stored, and it is not selected)
    rows: (knex) => Otp.query(knex).alias('c')
      .select('c.id', 'c.user_id', 'c.email', 'c.purpose', 'c.attempts', 'c.max_attempts', 'c.expires_at', 'c.consumed_at', 'c.invalidated_at', 'c.created_at',
        knex.raw(`case when c.consumed_at is not null then 'used' when c.invalidated_at is not null then 'cancelled' when c.expires_at <= now() then 'expired' else 'active' end as status`)),
    idColumn: 'c.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'email', label: 'E-mail' }, { key: 'purpose', label: 'Purpose' }, { key: 'status', label: 'Status' }, { key: 'attempts', label: 'Attempts' }, { key: 'expires_at', label: 'Expires', kind: 'date' }, created],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'user_id', label: 'User', link: 'users' }, { key: 'email', label: 'E-mail' }, { key: 'purpose', label: 'Purpose' }, { key: 'status', label: 'Status' }, { key: 'attempts', label: 'Attempts' }, { key: 'max_attempts', label: 'Max attempts' },
      { key: 'expires_at', label: 'Expires', kind: 'date' }, { key: 'consumed_at', label: 'Used', kind: 'date' }, { key: 'invalidated_at', label: 'Cancelled', kind: 'date' }, created,
    ],
    filters: { purpose: choice('c.purpose', 'Purpose', ['verify_email', 'reset_password']), created_after: since('c.created_at'), created_before: until('c.created_at') },
    search: ['c.email'],
    ordering: { created_at: 'c.created_at', email: 'c.email' }, defaultOrdering: '-created_at', tiebreak: 'c.id',
  },
  {
    name: 'teams', title: 'Teams', group: 'Accounts',
    rows: (knex) => Team.query(knex).alias('t').leftJoin('users as o', 'o.id', 't.owner_id')
      .select('t.id', 't.name', 't.description', 't.owner_id', 'o.email as owner_email', 't.created_at', knex.raw('(select count(*) from team_members m where m.team_id = t.id)::int as member_count')),
    idColumn: 't.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'id', label: 'Id' }, { key: 'name', label: 'Name' }, owner, { key: 'member_count', label: 'Members' }, created],
    detail: [{ key: 'id', label: 'Id' }, { key: 'name', label: 'Name' }, { key: 'description', label: 'Description' }, { key: 'owner_id', label: 'Owner', link: 'users' }, owner, { key: 'member_count', label: 'Members' }, created],
    filters: { owner: emailOf('o', 'Owner e-mail') },
    search: ['t.name', 'o.email'],
    ordering: { name: 't.name', created_at: 't.created_at' }, defaultOrdering: '-created_at', tiebreak: 't.id',
  },
  {
    name: 'inventories', title: 'Inventories', group: 'Stock',
    rows: (knex) => withOwner(Inventory.query(knex).alias('i'), 'i').select('i.id', 'i.name', 'i.description', 'i.location', 'i.currency', 'i.is_archived', 'i.owner_id', 'o.email as owner_email', 'i.team_id', 'i.created_at'),
    idColumn: 'i.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'id', label: 'Id' }, { key: 'name', label: 'Name' }, { key: 'location', label: 'Location' }, { key: 'is_archived', label: 'Archived', kind: 'bool' }, owner, team, created],
    detail: [{ key: 'id', label: 'Id' }, { key: 'name', label: 'Name' }, { key: 'description', label: 'Description' }, { key: 'location', label: 'Location' }, { key: 'currency', label: 'Currency' }, { key: 'is_archived', label: 'Archived', kind: 'bool' }, { key: 'owner_id', label: 'Owner', link: 'users' }, owner, team, created],
    filters: { owner: emailOf('o', 'Owner e-mail'), team_id: intIs('i.team_id', 'Team id'), is_archived: bool('i.is_archived', 'Archived') },
    search: ['i.name', 'i.location', 'o.email'],
    ordering: { name: 'i.name', created_at: 'i.created_at' }, defaultOrdering: '-created_at', tiebreak: 'i.id',
  },
  {
    name: 'items', title: 'Inventory items', group: 'Stock',
    rows: (knex) => withOwner(InventoryItem.query(knex).alias('it'), 'it').leftJoin('products as p', 'p.id', 'it.product_id').leftJoin('inventories as inv', 'inv.id', 'it.inventory_id')
      .select('it.id', 'it.inventory_id', 'inv.name as inventory_name', 'it.product_id', 'p.name as product_name', 'it.quantity', 'it.unit', 'it.min_quantity', 'it.lot_number', 'it.serial_number', 'it.expiry_date', 'o.email as owner_email', 'it.owner_id', 'it.team_id', 'it.created_at'),
    idColumn: 'it.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'id', label: 'Id' }, { key: 'product_name', label: 'Product' }, { key: 'inventory_name', label: 'Inventory' }, { key: 'quantity', label: 'Quantity' }, { key: 'unit', label: 'Unit' }, owner, team, created],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'product_id', label: 'Product', link: 'products' }, { key: 'product_name', label: 'Product name' }, { key: 'inventory_id', label: 'Inventory', link: 'inventories' }, { key: 'inventory_name', label: 'Inventory name' },
      { key: 'quantity', label: 'Quantity' }, { key: 'unit', label: 'Unit' }, { key: 'min_quantity', label: 'Minimum' }, { key: 'lot_number', label: 'Lot' }, { key: 'serial_number', label: 'Serial' }, { key: 'expiry_date', label: 'Expires' },
      { key: 'owner_id', label: 'Owner', link: 'users' }, owner, team, created,
    ],
    filters: { inventory_id: intIs('it.inventory_id', 'Inventory id'), owner: emailOf('o', 'Owner e-mail'), team_id: intIs('it.team_id', 'Team id') },
    search: ['p.name', 'inv.name', 'it.lot_number', 'it.serial_number'],
    ordering: { created_at: 'it.created_at', quantity: 'it.quantity' }, defaultOrdering: '-created_at', tiebreak: 'it.id',
  },
  {
    name: 'products', title: 'Products', group: 'Stock',
    rows: (knex) => withOwner(Product.query(knex).alias('p'), 'p').select('p.id', 'p.name', 'p.supplier', 'p.category', 'p.base_unit', 'p.description', 'p.family_id', 'p.owner_id', 'o.email as owner_email', 'p.team_id', 'p.created_at'),
    idColumn: 'p.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'id', label: 'Id' }, { key: 'name', label: 'Name' }, { key: 'supplier', label: 'Supplier' }, { key: 'category', label: 'Category' }, owner, team, created],
    detail: [{ key: 'id', label: 'Id' }, { key: 'name', label: 'Name' }, { key: 'supplier', label: 'Supplier' }, { key: 'category', label: 'Category' }, { key: 'base_unit', label: 'Unit' }, { key: 'description', label: 'Description' }, { key: 'family_id', label: 'Family' }, { key: 'owner_id', label: 'Owner', link: 'users' }, owner, team, created],
    filters: { category: text('p.category', 'Category'), owner: emailOf('o', 'Owner e-mail'), team_id: intIs('p.team_id', 'Team id') },
    search: ['p.name', 'p.supplier', 'p.category'],
    ordering: { name: 'p.name', created_at: 'p.created_at' }, defaultOrdering: '-created_at', tiebreak: 'p.id',
  },
  {
    name: 'invoice-sessions', title: 'Invoice sessions', group: 'Stock',
    rows: (knex) => withOwner(InvoiceImportSession.query(knex).alias('s'), 's')
      .select('s.id', 's.status', 's.last_step', 's.profile_type', 's.inventory_id', 's.inventory_name', 's.storage_name', 's.vendor_key', 's.attempts', 's.applied_at', 's.summary', 's.error_payload', 's.duplicate_of', 's.owner_id', 'o.email as owner_email', 's.team_id', 's.created_at', 's.updated_at'),
    idColumn: 's.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'id', label: 'Id' }, { key: 'status', label: 'Status' }, { key: 'last_step', label: 'Step' }, { key: 'inventory_name', label: 'Inventory' }, { key: 'vendor_key', label: 'Vendor' }, owner, created],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'status', label: 'Status' }, { key: 'last_step', label: 'Step' }, { key: 'profile_type', label: 'Profile' }, { key: 'inventory_id', label: 'Inventory', link: 'inventories' }, { key: 'inventory_name', label: 'Inventory name' },
      { key: 'storage_name', label: 'Storage' }, { key: 'vendor_key', label: 'Vendor' }, { key: 'attempts', label: 'Attempts' }, { key: 'applied_at', label: 'Applied', kind: 'date' }, { key: 'duplicate_of', label: 'Duplicate of', link: 'invoice-sessions' },
      { key: 'summary', label: 'Summary', kind: 'json' }, { key: 'error_payload', label: 'Error', kind: 'json' }, { key: 'owner_id', label: 'Owner', link: 'users' }, owner, team, created, { key: 'updated_at', label: 'Updated', kind: 'date' },
    ],
    filters: { status: text('s.status', 'Status', '='), owner: emailOf('o', 'Owner e-mail'), created_after: since('s.created_at'), created_before: until('s.created_at') },
    search: ['s.inventory_name', 's.vendor_key', 'o.email'],
    ordering: { created_at: 's.created_at', status: 's.status' }, defaultOrdering: '-created_at', tiebreak: 's.id',
  },
  {
    name: 'tickets', title: 'Support tickets', group: 'Support',
    rows: (knex) => SupportTicket.query(knex).alias('t').leftJoin('users as o', 'o.id', 't.user_id').leftJoin('users as a', 'a.id', 't.assigned_to').leftJoin('support_ticket_types as ty', 'ty.id', 't.ticket_type_id')
      .select('t.id', 't.ticket_number', 't.subject', 't.status', 't.priority', 't.user_id', 'o.email as owner_email', 't.assigned_to', 'a.email as assignee_email', 'ty.name as ticket_type', 't.resolved_at', 't.closed_at', 't.created_at', 't.updated_at'),
    idColumn: 't.id', idSchema: uuid, idKey: 'id',
    columns: [{ key: 'ticket_number', label: 'Number' }, { key: 'subject', label: 'Subject' }, { key: 'status', label: 'Status' }, { key: 'priority', label: 'Priority' }, { key: 'owner_email', label: 'From' }, { key: 'assignee_email', label: 'Assigned to' }, created],
    detail: [
      { key: 'ticket_number', label: 'Number' }, { key: 'subject', label: 'Subject' }, { key: 'ticket_type', label: 'Type' }, { key: 'status', label: 'Status' }, { key: 'priority', label: 'Priority' },
      { key: 'user_id', label: 'From', link: 'users' }, { key: 'owner_email', label: 'From e-mail' }, { key: 'assigned_to', label: 'Assigned to', link: 'users' }, { key: 'assignee_email', label: 'Assignee e-mail' },
      { key: 'resolved_at', label: 'Resolved', kind: 'date' }, { key: 'closed_at', label: 'Closed', kind: 'date' }, created, { key: 'updated_at', label: 'Updated', kind: 'date' },
    ],
    filters: {
      status: choice('t.status', 'Status', [...TICKET_STATUSES]),
      priority: choice('t.priority', 'Priority', [...TICKET_PRIORITIES]),
      owner: emailOf('o', 'From e-mail'),
      assignee: emailOf('a', 'Assignee e-mail'),
    },
    search: ['t.ticket_number', 't.subject', 'o.email'],
    ordering: { created_at: 't.created_at', updated_at: 't.updated_at', priority: 't.priority_rank' }, defaultOrdering: '-created_at', tiebreak: 't.id',
  },
  {
    name: 'faq-articles', title: 'FAQ articles', group: 'Support',
    rows: (knex) => FaqArticle.query(knex).alias('f').leftJoin('help_categories as c', 'c.id', 'f.help_category_id').select('f.id', 'f.slug', 'f.title', 'f.body', 'f.language', 'f.is_published', 'c.name as category', 'f.help_category_id', 'f.created_at', 'f.updated_at'),
    idColumn: 'f.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'id', label: 'Id' }, { key: 'title', label: 'Title' }, { key: 'slug', label: 'Slug' }, { key: 'language', label: 'Language' }, { key: 'category', label: 'Category' }, { key: 'is_published', label: 'Published', kind: 'bool' }, { key: 'updated_at', label: 'Updated', kind: 'date' }],
    detail: [{ key: 'id', label: 'Id' }, { key: 'title', label: 'Title' }, { key: 'slug', label: 'Slug' }, { key: 'language', label: 'Language' }, { key: 'help_category_id', label: 'Category', link: 'help-categories' }, { key: 'category', label: 'Category name' }, { key: 'is_published', label: 'Published', kind: 'bool' }, { key: 'body', label: 'Body' }, created, { key: 'updated_at', label: 'Updated', kind: 'date' }],
    filters: { language: text('f.language', 'Language', '='), is_published: bool('f.is_published', 'Published') },
    search: ['f.title', 'f.slug', 'f.body'],
    ordering: { title: 'f.title', updated_at: 'f.updated_at' }, defaultOrdering: 'title', tiebreak: 'f.id',
  },
  {
    name: 'ticket-types', title: 'Ticket types', group: 'Support',
    rows: (knex) => SupportTicketType.query(knex).alias('t').select('t.id', 't.slug', 't.name', 't.description', 't.sort_order', 't.is_active', 't.translations', 't.created_at'),
    idColumn: 't.id', idSchema: uuid, idKey: 'id',
    columns: [{ key: 'name', label: 'Name' }, { key: 'slug', label: 'Slug' }, { key: 'sort_order', label: 'Order' }, { key: 'is_active', label: 'Active', kind: 'bool' }, created],
    detail: [{ key: 'id', label: 'Id' }, { key: 'name', label: 'Name' }, { key: 'slug', label: 'Slug' }, { key: 'description', label: 'Description' }, { key: 'sort_order', label: 'Order' }, { key: 'is_active', label: 'Active', kind: 'bool' }, { key: 'translations', label: 'Translations', kind: 'json' }, created],
    filters: { is_active: bool('t.is_active', 'Active') },
    search: ['t.name', 't.slug'],
    ordering: { sort_order: 't.sort_order', name: 't.name' }, defaultOrdering: 'sort_order', tiebreak: 't.id',
  },
  {
    name: 'help-categories', title: 'Help categories', group: 'Support',
    rows: (knex) => HelpCategory.query(knex).alias('c').select('c.id', 'c.slug', 'c.name', 'c.description', 'c.icon', 'c.sort_order', 'c.is_active', 'c.translations', 'c.created_at'),
    idColumn: 'c.id', idSchema: uuid, idKey: 'id',
    columns: [{ key: 'name', label: 'Name' }, { key: 'slug', label: 'Slug' }, { key: 'sort_order', label: 'Order' }, { key: 'is_active', label: 'Active', kind: 'bool' }, created],
    detail: [{ key: 'id', label: 'Id' }, { key: 'name', label: 'Name' }, { key: 'slug', label: 'Slug' }, { key: 'description', label: 'Description' }, { key: 'icon', label: 'Icon' }, { key: 'sort_order', label: 'Order' }, { key: 'is_active', label: 'Active', kind: 'bool' }, { key: 'translations', label: 'Translations', kind: 'json' }, created],
    filters: { is_active: bool('c.is_active', 'Active') },
    search: ['c.name', 'c.slug'],
    ordering: { sort_order: 'c.sort_order', name: 'c.name' }, defaultOrdering: 'sort_order', tiebreak: 'c.id',
  },
  {
    name: 'audit-logs', title: 'Audit log', group: 'Operations',
    rows: (knex) => AuditLog.query(knex).alias('l').leftJoin('users as a', 'a.id', 'l.actor_id')
      .select('l.id', 'l.actor_id', 'a.email as actor_email', 'l.profile_type', 'l.team_id', 'l.action', 'l.entity_type', 'l.entity_id', 'l.summary', 'l.changes', 'l.ip', 'l.created_at'),
    idColumn: 'l.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'created_at', label: 'When', kind: 'date' }, { key: 'actor_email', label: 'Actor' }, { key: 'action', label: 'Action' }, { key: 'entity_type', label: 'Entity' }, { key: 'entity_id', label: 'Entity id' }, { key: 'summary', label: 'Summary' }],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'created_at', label: 'When', kind: 'date' }, { key: 'actor_id', label: 'Actor', link: 'users' }, { key: 'actor_email', label: 'Actor e-mail' }, { key: 'profile_type', label: 'Profile' }, { key: 'team_id', label: 'Team', link: 'teams' },
      { key: 'action', label: 'Action' }, { key: 'entity_type', label: 'Entity' }, { key: 'entity_id', label: 'Entity id' }, { key: 'summary', label: 'Summary' }, { key: 'changes', label: 'Changes', kind: 'json' }, { key: 'ip', label: 'Address' },
    ],
    filters: {
      actor: emailOf('a', 'Actor e-mail'),
      actor_id: uuidIs('l.actor_id', 'Actor id'),
      action: text('l.action', 'Action', '='),
      entity_type: text('l.entity_type', 'Entity', '='),
      entity_id: text('l.entity_id', 'Entity id', '='),
      created_after: since('l.created_at'),
      created_before: until('l.created_at'),
    },
    search: ['l.action', 'l.summary', 'l.entity_type', 'a.email'],
    ordering: { created_at: 'l.created_at', action: 'l.action' }, defaultOrdering: '-created_at', tiebreak: 'l.id',
  },
  {
    name: 'plans', title: 'Plans', group: 'Billing',
    rows: (knex) => SubscriptionPlan.query(knex).alias('p').select('p.id', 'p.code', 'p.name', 'p.description', 'p.currency', 'p.monthly_price', 'p.yearly_price', 'p.max_inventories', 'p.max_team_members', 'p.invoice_imports_per_month', 'p.ocr_pages_per_month', 'p.trial_days', 'p.sort_order', 'p.is_active', 'p.created_at'),
    idColumn: 'p.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'code', label: 'Code' }, { key: 'name', label: 'Name' }, { key: 'currency', label: 'Currency' }, { key: 'monthly_price', label: 'Monthly', kind: 'money' }, { key: 'yearly_price', label: 'Yearly', kind: 'money' }, { key: 'is_active', label: 'Active', kind: 'bool' }],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'code', label: 'Code' }, { key: 'name', label: 'Name' }, { key: 'description', label: 'Description' }, { key: 'currency', label: 'Currency' }, { key: 'monthly_price', label: 'Monthly', kind: 'money' }, { key: 'yearly_price', label: 'Yearly', kind: 'money' },
      { key: 'max_inventories', label: 'Inventories' }, { key: 'max_team_members', label: 'Team members' }, { key: 'invoice_imports_per_month', label: 'Invoice imports / month' }, { key: 'ocr_pages_per_month', label: 'OCR pages / month' }, { key: 'trial_days', label: 'Trial days' }, { key: 'is_active', label: 'Active', kind: 'bool' }, created,
    ],
    filters: { is_active: bool('p.is_active', 'Active') },
    search: ['p.code', 'p.name'],
    ordering: { sort_order: 'p.sort_order', code: 'p.code' }, defaultOrdering: 'sort_order', tiebreak: 'p.id',
  },
  {
    name: 'subscriptions', title: 'Subscriptions', group: 'Billing',
    rows: (knex) => withOwner(UserSubscription.query(knex).alias('s'), 's').leftJoin('subscription_plans as p', 'p.id', 's.plan_id')
      .select('s.id', 's.plan_id', 'p.code as plan', 's.purpose', 's.interval', 's.status', 's.processor', 's.current_period_start', 's.current_period_end', 's.cancel_at_period_end', 's.canceled_at', 's.owner_id', 'o.email as owner_email', 's.team_id', 's.created_at'),
    idColumn: 's.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'id', label: 'Id' }, { key: 'plan', label: 'Plan' }, { key: 'interval', label: 'Interval' }, { key: 'status', label: 'Status' }, { key: 'current_period_end', label: 'Period ends', kind: 'date' }, owner, team, created],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'plan_id', label: 'Plan', link: 'plans' }, { key: 'plan', label: 'Plan code' }, { key: 'purpose', label: 'Pays for' }, { key: 'interval', label: 'Interval' }, { key: 'status', label: 'Status' }, { key: 'processor', label: 'Processor' },
      { key: 'current_period_start', label: 'Period starts', kind: 'date' }, { key: 'current_period_end', label: 'Period ends', kind: 'date' }, { key: 'cancel_at_period_end', label: 'Cancels at period end', kind: 'bool' }, { key: 'canceled_at', label: 'Canceled', kind: 'date' },
      { key: 'owner_id', label: 'Owner', link: 'users' }, owner, team, created,
    ],
    filters: { status: text('s.status', 'Status', '='), purpose: choice('s.purpose', 'Pays for', ['plan', 'curated']), plan: text('p.code', 'Plan code', '='), owner: emailOf('o', 'Owner e-mail') },
    search: ['o.email', 'p.code'],
    ordering: { created_at: 's.created_at', current_period_end: 's.current_period_end' }, defaultOrdering: '-created_at', tiebreak: 's.id',
  },
  {
    name: 'billing-invoices', title: 'Billing invoices', group: 'Billing',
    rows: (knex) => withOwner(BillingInvoice.query(knex).alias('b'), 'b')
      .select('b.id', 'b.number', 'b.status', 'b.currency', 'b.subtotal', 'b.tax', 'b.total', 'b.amount_paid', 'b.amount_refunded', 'b.period_start', 'b.period_end', 'b.paid_at', 'b.attempt_count', 'b.subscription_id', 'b.processor', 'b.owner_id', 'o.email as owner_email', 'b.team_id', 'b.created_at'),
    idColumn: 'b.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'number', label: 'Number' }, { key: 'status', label: 'Status' }, { key: 'currency', label: 'Currency' }, { key: 'total', label: 'Total', kind: 'money' }, { key: 'paid_at', label: 'Paid', kind: 'date' }, owner, created],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'number', label: 'Number' }, { key: 'status', label: 'Status' }, { key: 'currency', label: 'Currency' }, { key: 'subtotal', label: 'Subtotal', kind: 'money' }, { key: 'tax', label: 'Tax', kind: 'money' }, { key: 'total', label: 'Total', kind: 'money' },
      { key: 'amount_paid', label: 'Paid', kind: 'money' }, { key: 'amount_refunded', label: 'Refunded', kind: 'money' }, { key: 'period_start', label: 'Period starts', kind: 'date' }, { key: 'period_end', label: 'Period ends', kind: 'date' }, { key: 'paid_at', label: 'Paid at', kind: 'date' },
      { key: 'attempt_count', label: 'Payment attempts' }, { key: 'subscription_id', label: 'Subscription', link: 'subscriptions' }, { key: 'processor', label: 'Processor' }, { key: 'owner_id', label: 'Owner', link: 'users' }, owner, team, created,
    ],
    filters: { status: text('b.status', 'Status', '='), owner: emailOf('o', 'Owner e-mail'), created_after: since('b.created_at'), created_before: until('b.created_at') },
    search: ['b.number', 'o.email'],
    ordering: { created_at: 'b.created_at', total: 'b.total' }, defaultOrdering: '-created_at', tiebreak: 'b.id',
  },
  {
    name: 'curated-lists', title: 'Curated lists', group: 'Curation',
    rows: (knex) => withOwner(CuratedList.query(knex).alias('cl'), 'cl')
      .select('cl.id', 'cl.name', 'cl.slug', 'cl.description', 'cl.visibility', 'cl.price', 'cl.currency', 'cl.interval', 'cl.owner_id', 'o.email as owner_email', 'cl.team_id', 'cl.created_at',
        knex.raw('(select count(*) from curated_list_items i where i.list_id = cl.id)::int as item_count'),
        knex.raw('(select count(*) from curated_subscriptions cs where cs.list_id = cl.id and cs.ended_at is null)::int as subscriber_count')),
    idColumn: 'cl.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'id', label: 'Id' }, { key: 'name', label: 'Name' }, { key: 'visibility', label: 'Visibility' }, { key: 'price', label: 'Price', kind: 'money' }, { key: 'currency', label: 'Currency' }, { key: 'item_count', label: 'Products' }, { key: 'subscriber_count', label: 'Subscribers' }, owner, created],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'name', label: 'Name' }, { key: 'slug', label: 'Slug' }, { key: 'description', label: 'Description' }, { key: 'visibility', label: 'Visibility' }, { key: 'price', label: 'Price', kind: 'money' }, { key: 'currency', label: 'Currency' }, { key: 'interval', label: 'Interval' },
      { key: 'item_count', label: 'Products' }, { key: 'subscriber_count', label: 'Open subscriptions' }, { key: 'owner_id', label: 'Owner', link: 'users' }, owner, team, created,
    ],
    filters: { visibility: choice('cl.visibility', 'Visibility', ['public', 'unlisted', 'subscribers']), paid: { column: 'cl.price', label: 'Paid', schema: Joi.boolean().allow(''), input: 'bool', apply: (q, v) => (v ? q.whereNotNull('cl.price') : q.whereNull('cl.price')) }, owner: emailOf('o', 'Owner e-mail') },
    search: ['cl.name', 'cl.slug', 'o.email'],
    ordering: { name: 'cl.name', created_at: 'cl.created_at' }, defaultOrdering: '-created_at', tiebreak: 'cl.id',
  },
  {
    name: 'curator-earnings', title: 'Curator earnings', group: 'Curation',
    rows: (knex) => withOwner(CuratorEarning.query(knex).alias('e'), 'e')
      .select('e.id', 'e.invoice_id', 'e.list_id', 'e.list_name', 'e.currency', 'e.gross', 'e.refunded', 'e.fee_bps', 'e.fee', 'e.net', 'e.paid_at', 'e.owner_id', 'o.email as owner_email', 'e.team_id', 'e.created_at'),
    idColumn: 'e.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'paid_at', label: 'Paid', kind: 'date' }, { key: 'list_name', label: 'List' }, { key: 'currency', label: 'Currency' }, { key: 'gross', label: 'Gross', kind: 'money' }, { key: 'fee', label: 'Fee', kind: 'money' }, { key: 'net', label: 'Net', kind: 'money' }, owner],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'invoice_id', label: 'Invoice', link: 'billing-invoices' }, { key: 'list_id', label: 'List', link: 'curated-lists' }, { key: 'list_name', label: 'List name' }, { key: 'currency', label: 'Currency' },
      { key: 'gross', label: 'Gross', kind: 'money' }, { key: 'refunded', label: 'Refunded', kind: 'money' }, { key: 'fee_bps', label: 'Fee (basis points)' }, { key: 'fee', label: 'Fee', kind: 'money' }, { key: 'net', label: 'Net', kind: 'money' }, { key: 'paid_at', label: 'Paid', kind: 'date' },
      { key: 'owner_id', label: 'Curator', link: 'users' }, owner, team, created,
    ],
    filters: { currency: text('e.currency', 'Currency', '='), owner: emailOf('o', 'Curator e-mail'), paid_after: since('e.paid_at'), paid_before: until('e.paid_at') },
    search: ['e.list_name', 'o.email'],
    ordering: { paid_at: 'e.paid_at', net: 'e.net' }, defaultOrdering: '-paid_at', tiebreak: 'e.id',
  },
  {
    name: 'reports', title: 'Reports', group: 'Operations',
    rows: (knex) => withOwner(Report.query(knex).alias('r'), 'r')
      .select('r.id', 'r.kind', 'r.format', 'r.title', 'r.status', 'r.progress', 'r.row_count', 'r.file_size', 'r.error', 'r.schedule_id', 'r.started_at', 'r.finished_at', 'r.expires_at', 'r.filters', 'r.owner_id', 'o.email as owner_email', 'r.team_id', 'r.created_at'),
    idColumn: 'r.id', idSchema: intId, idKey: 'id',
    columns: [{ key: 'id', label: 'Id' }, { key: 'title', label: 'Title' }, { key: 'kind', label: 'Kind' }, { key: 'format', label: 'Format' }, { key: 'status', label: 'Status' }, owner, created],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'title', label: 'Title' }, { key: 'kind', label: 'Kind' }, { key: 'format', label: 'Format' }, { key: 'status', label: 'Status' }, { key: 'progress', label: 'Progress' }, { key: 'row_count', label: 'Rows' }, { key: 'file_size', label: 'File size' },
      { key: 'error', label: 'Error' }, { key: 'filters', label: 'Filters', kind: 'json' }, { key: 'schedule_id', label: 'Schedule' }, { key: 'started_at', label: 'Started', kind: 'date' }, { key: 'finished_at', label: 'Finished', kind: 'date' }, { key: 'expires_at', label: 'Expires', kind: 'date' },
      { key: 'owner_id', label: 'Owner', link: 'users' }, owner, team, created,
    ],
    filters: { status: text('r.status', 'Status', '='), kind: text('r.kind', 'Kind', '='), owner: emailOf('o', 'Owner e-mail') },
    search: ['r.title', 'r.kind', 'o.email'],
    ordering: { created_at: 'r.created_at' }, defaultOrdering: '-created_at', tiebreak: 'r.id',
  },
  {
    name: 'data-exports', title: 'Data exports', group: 'Operations',
    rows: (knex) => DataExportRequest.query(knex).alias('d').leftJoin('users as o', 'o.id', 'd.user_id')
      .select('d.id', 'd.user_id', 'o.email as owner_email', 'd.status', 'd.format', 'd.size', 'd.sections', 'd.error', 'd.created_at', 'd.started_at', 'd.completed_at', 'd.expires_at'),
    idColumn: 'd.id', idSchema: uuid, idKey: 'id',
    columns: [{ key: 'owner_email', label: 'User' }, { key: 'status', label: 'Status' }, { key: 'format', label: 'Format' }, { key: 'completed_at', label: 'Completed', kind: 'date' }, created],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'user_id', label: 'User', link: 'users' }, { key: 'owner_email', label: 'E-mail' }, { key: 'status', label: 'Status' }, { key: 'format', label: 'Format' }, { key: 'size', label: 'Size' }, { key: 'sections', label: 'Sections', kind: 'json' },
      { key: 'error', label: 'Error' }, created, { key: 'started_at', label: 'Started', kind: 'date' }, { key: 'completed_at', label: 'Completed', kind: 'date' }, { key: 'expires_at', label: 'Expires', kind: 'date' },
    ],
    filters: { status: text('d.status', 'Status', '='), owner: emailOf('o', 'User e-mail') },
    search: ['o.email'],
    ordering: { created_at: 'd.created_at' }, defaultOrdering: '-created_at', tiebreak: 'd.id',
  },
  {
    name: 'data-deletions', title: 'Data deletions', group: 'Operations',
    rows: (knex) => DataDeletionRequest.query(knex).alias('d').leftJoin('users as o', 'o.id', 'd.user_id')
      .select('d.id', 'd.user_id', 'd.subject_id', 'o.email as owner_email', 'd.status', 'd.outcome', 'd.created_at', 'd.scheduled_for', 'd.cancelled_at', 'd.completed_at'),
    idColumn: 'd.id', idSchema: uuid, idKey: 'id',
    columns: [{ key: 'owner_email', label: 'User' }, { key: 'status', label: 'Status' }, { key: 'scheduled_for', label: 'Scheduled for', kind: 'date' }, { key: 'completed_at', label: 'Completed', kind: 'date' }, created],
    detail: [
      { key: 'id', label: 'Id' }, { key: 'user_id', label: 'Requested by', link: 'users' }, { key: 'owner_email', label: 'E-mail' }, { key: 'subject_id', label: 'Subject', link: 'users' }, { key: 'status', label: 'Status' }, { key: 'outcome', label: 'Outcome', kind: 'json' },
      created, { key: 'scheduled_for', label: 'Scheduled for', kind: 'date' }, { key: 'cancelled_at', label: 'Cancelled', kind: 'date' }, { key: 'completed_at', label: 'Completed', kind: 'date' },
    ],
    filters: { status: text('d.status', 'Status', '='), owner: emailOf('o', 'User e-mail') },
    search: ['o.email'],
    ordering: { created_at: 'd.created_at', scheduled_for: 'd.scheduled_for' }, defaultOrdering: '-created_at', tiebreak: 'd.id',
  },
];

export const adminResource = (name: string): AdminResource | undefined => ADMIN_RESOURCES.find((r) => r.name === name);

/** The ListSpec (filters, search, ordering) of a resource, for applyListParams. */
export function listSpecOf(resource: AdminResource): ListSpec {
  return { filters: resource.filters, search: resource.search, ordering: resource.ordering, defaultOrdering: resource.defaultOrdering, tiebreak: resource.tiebreak };
}
