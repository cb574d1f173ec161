// What a data export holds: one small collector per area, each returning the JSON
// sections (file name -> records) of what the platform keeps about one user, and the
// uploaded files to put beside them. A new area (billing) adds one collector to
// EXPORT_COLLECTORS. Never another user's data: rows the user shares with a team are
// exported as the team's (scope "team"), and every column naming a person keeps the
// caller's id and loses anyone else's.
import type { Knex } from 'knex';
import type { Config } from '../../jobs/runtime/config.js';
import { TicketCrypto } from '../support/ticket-crypto.js';
import { createChatCiphers } from '../support/chat/chat-ciphers.js';

export interface ExportSubject {
  userId: string;
  email: string;
  /** teams the user belongs to (as owner or member) */
  teamIds: number[];
}

export interface ExportFile {
  /** name inside the archive (files/…) */
  name: string;
  /** path under MEDIA_ROOT */
  mediaPath: string;
}

export interface CollectorContext {
  db: Knex;
  config: Config;
  subject: ExportSubject;
}

export interface CollectedSection {
  sections: Record<string, unknown[] | Record<string, unknown>>;
  files?: ExportFile[];
}

export type ExportCollector = (ctx: CollectorContext) => Promise<CollectedSection>;

/** Columns that name a person: the caller's id stays, anyone else's becomes null. */
const PERSON_COLUMNS = ['owner_id', 'created_by', 'user_id', 'acknowledged_by', 'actor_id', 'invited_by', 'added_by', 'uploaded_by', 'author_id', 'resolved_by', 'assigned_to'];
/** Columns never exported: credentials and their digests, ciphertexts (exported decrypted). */
const SECRET_COLUMNS = ['password_hash', 'token_hash', 'code_hash', 'body_sealed', 'search_tokens', 'search_key_id', 'enc_key_id'];

export function onlyTheCaller(row: Record<string, unknown>, userId: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (SECRET_COLUMNS.includes(k) || k.endsWith('_enc')) continue;
    out[k] = PERSON_COLUMNS.includes(k) && v !== null && v !== userId ? null : v;
  }
  return out;
}

/** The rows of a scoped table the user sees: personal ones, and their teams' as the team's. */
async function scopedRows(ctx: CollectorContext, table: string): Promise<Record<string, unknown>[]> {
  const { db, subject } = ctx;
  const rows = await db(table)
    .where((q) => q.where({ owner_id: subject.userId }).whereNull('team_id'))
    .orWhereIn('team_id', subject.teamIds.length ? subject.teamIds : [-1])
    .orderBy('id');
  return rows.map((r) => ({ scope: r.team_id ? { type: 'team', team_id: r.team_id } : { type: 'self' }, ...onlyTheCaller(r, subject.userId) }));
}

const mine = async (ctx: CollectorContext, table: string, column = 'user_id') =>
  (await ctx.db(table).where(column, ctx.subject.userId).orderBy(table === 'kyc_mirror' || table === 'profiles' ? column : 'id')).map((r) => onlyTheCaller(r, ctx.subject.userId));

const account: ExportCollector = async (ctx) => {
  const { db, subject } = ctx;
  const user = await db('users').where({ id: subject.userId }).first();
  const apiTokens = await db('api_tokens').where({ user_id: subject.userId }).select('id', 'name', 'token_prefix', 'created_at', 'expires_at', 'last_used_at', 'revoked_at', 'revoked_reason');
  const logins = await db('auth_tokens').where({ user_id: subject.userId, kind: 'refresh' }).select('created_at', 'expires_at', 'revoked_at', 'revoked_reason').orderBy('created_at');
  return { sections: { account: onlyTheCaller(user ?? {}, subject.userId), profile: (await mine(ctx, 'profiles'))[0] ?? {}, api_tokens: apiTokens, sign_ins: logins } };
};

const teams: ExportCollector = async ({ db, subject }) => {
  const rows = await db('teams as t')
    .join('team_members as m', 'm.team_id', 't.id')
    .where('m.user_id', subject.userId)
    .select('t.id', 't.name', 't.description', 't.created_at', 'm.role as your_role', 'm.created_at as joined_at', db.raw('(t.owner_id = ?) as you_own_it', [subject.userId]))
    .select(db.raw('(select count(*)::int from team_members c where c.team_id = t.id) as member_count'))
    .orderBy('t.id');
  const invitations = await db('team_invitations').where({ user_id: subject.userId }).orWhere({ email: subject.email })
    .select('id', 'team_id', 'status', 'expires_at', 'responded_at', 'created_at');
  return { sections: { teams: rows, team_invitations_received: invitations } };
};

const inventory: ExportCollector = async (ctx) => {
  const tables = ['inventory_icons', 'inventory_types', 'inventories', 'storages', 'storage_boxes', 'inventory_items', 'inventory_transactions', 'inventory_alerts'];
  const sections: CollectedSection['sections'] = {};
  for (const t of tables) sections[t] = await scopedRows(ctx, t);
  const txIds = (sections.inventory_transactions as { id: number }[]).map((r) => r.id);
  sections.inventory_transaction_legs = txIds.length ? await ctx.db('inventory_transaction_legs').whereIn('transaction_id', txIds).orderBy('id') : [];
  return { sections };
};

const catalog: ExportCollector = async (ctx) => {
  const { db } = ctx;
  const products = await scopedRows(ctx, 'products');
  const ids = products.map((p) => p.id as number);
  const byProduct = (table: string) => (ids.length ? db(table).whereIn('product_id', ids).orderBy('id') : Promise.resolve([]));
  const variants = (await byProduct('product_variants')).map((r) => onlyTheCaller(r, ctx.subject.userId));
  const images = await byProduct('product_images');
  const files = images.filter((i) => i.path).map((i) => ({ name: `files/product-images/${i.id}-${String(i.path).split('/').pop()}`, mediaPath: String(i.path) }));
  const variantIds = variants.map((v) => v.id as number);
  return {
    sections: {
      product_families: await scopedRows(ctx, 'product_families'),
      products,
      product_variants: variants,
      product_tags: await byProduct('product_tags'),
      variant_tags: variantIds.length ? await db('variant_tags').whereIn('variant_id', variantIds).orderBy('id') : [],
      product_images: images,
      // the searches and scans the user made (their own history, not a team's)
      barcode_scans: await mine(ctx, 'barcode_scans'),
      product_searches: await mine(ctx, 'product_searches'),
    },
    files,
  };
};

const invoiceImport: ExportCollector = async (ctx) => {
  const documents = await scopedRows(ctx, 'invoice_import_documents');
  return {
    sections: {
      invoice_import_sessions: await scopedRows(ctx, 'invoice_import_sessions'),
      invoice_import_documents: documents,
      invoice_import_attempts: await mine(ctx, 'invoice_import_attempts', 'actor_id'),
    },
    files: documents.filter((d) => d.path).map((d) => ({ name: `files/invoice-documents/${d.id}-${String(d.path).split('/').pop()}`, mediaPath: String(d.path) })),
  };
};

const verificationAndNotifications: ExportCollector = async (ctx) => ({
  sections: { verification: (await mine(ctx, 'kyc_mirror'))[0] ?? {}, notifications: await mine(ctx, 'notifications') },
});

const support: ExportCollector = async (ctx) => {
  const { db, config, subject } = ctx;
  const crypto = new TicketCrypto(config);
  const tickets = await db('support_tickets').where({ user_id: subject.userId }).orderBy('created_at');
  const ids = tickets.map((t) => t.id);
  // internal staff notes are the platform's, not the user's; staff authors are "support"
  const replies = ids.length ? await db('support_ticket_replies').whereIn('ticket_id', ids).where({ is_internal: false }).orderBy('created_at') : [];
  const attachments = ids.length ? await db('support_ticket_attachments').whereIn('ticket_id', ids).orderBy('created_at') : [];
  const ciphers = createChatCiphers(config);
  const sessions = await db('support_chat_sessions').where({ user_id: subject.userId }).orderBy('created_at');
  const messages = await db('support_chat_messages').where({ user_id: subject.userId }).orderBy(['session_id', 'seq']);
  return {
    sections: {
      support_tickets: tickets.map((t) => ({ ...onlyTheCaller(t, subject.userId), description: crypto.description.decrypt(t.description_enc, t.id) })),
      support_ticket_replies: replies.map((r) => ({ ...onlyTheCaller(r, subject.userId), author: r.author_id === subject.userId ? 'you' : 'support', message: crypto.reply.decrypt(r.message_enc, r.id) })),
      support_ticket_attachments: attachments.map((a) => onlyTheCaller(a, subject.userId)),
      support_chat_sessions: sessions.map((s) => ({ ...onlyTheCaller(s, subject.userId), title: s.title_enc ? ciphers.title.decrypt(s.title_enc, s.id) : null })),
      support_chat_messages: messages.map((m) => ({ ...onlyTheCaller(m, subject.userId), content: ciphers.content.decrypt(m.content_enc, m.id) })),
    },
    files: attachments.map((a) => ({ name: `files/ticket-attachments/${a.id}-${String(a.original_name ?? 'file').replace(/[^\w.-]+/g, '_')}`, mediaPath: String(a.path) })),
  };
};

/** Reports, their schedules and order lists (the reports area); the generated files are re-creatable and stay out. */
const reports: ExportCollector = async (ctx) => {
  const sections: CollectedSection['sections'] = {};
  for (const t of ['reports', 'report_schedules', 'order_lists', 'order_list_items']) {
    if (await ctx.db.schema.hasTable(t)) sections[t] = (await scopedRows(ctx, t)).map(({ file_path: _file, ...row }) => row);
  }
  return { sections };
};

/** Curated lists with their products, curated subscriptions, curator earnings and payouts (the curation area). */
const curation: ExportCollector = async (ctx) => {
  const lists = await scopedRows(ctx, 'curated_lists');
  const ids = lists.map((l) => l.id as number);
  return {
    sections: {
      curated_lists: lists,
      curated_list_items: ids.length ? await ctx.db('curated_list_items').whereIn('list_id', ids).orderBy('id') : [],
      curated_subscriptions: await scopedRows(ctx, 'curated_subscriptions'),
      curator_earnings: await scopedRows(ctx, 'curator_earnings'),
      curator_payouts: await scopedRows(ctx, 'curator_payouts'),
    },
  };
};

const auditTrail: ExportCollector = async ({ db, subject }) => ({
  sections: { audit_log: await db('system_audit_logs').where({ actor_id: subject.userId }).select('id', 'profile_type', 'team_id', 'action', 'entity_type', 'entity_id', 'summary', 'changes', 'ip', 'created_at').orderBy('id') },
});

/**
 * Billing and subscriptions are another area's tables: any table of that area holding a
 * user_id or owner_id column is exported when it exists (the billing area may replace
 * this with its own collector).
 */
// user_subscriptions is the subscriptions' table (the caller's personal ones; a team's are the team's billing)
const BILLING_TABLE = /^(billing_|subscription|user_subscriptions$|payment|invoices$|plans$)/;
const billing: ExportCollector = async ({ db, subject }) => {
  const cols = await db('information_schema.columns').where({ table_schema: 'public' }).whereIn('column_name', ['user_id', 'owner_id']).select('table_name', 'column_name');
  const sections: CollectedSection['sections'] = {};
  for (const c of cols.filter((c) => BILLING_TABLE.test(c.table_name))) {
    sections[c.table_name] = (await db(c.table_name).where(c.column_name, subject.userId)).map((r) => onlyTheCaller(r, subject.userId));
  }
  return { sections };
};

export const EXPORT_COLLECTORS: { area: string; collect: ExportCollector }[] = [
  { area: 'accounts', collect: account },
  { area: 'teams', collect: teams },
  { area: 'inventory', collect: inventory },
  { area: 'catalog', collect: catalog },
  { area: 'invoice-import', collect: invoiceImport },
  { area: 'kyc-and-notifications', collect: verificationAndNotifications },
  { area: 'support', collect: support },
  { area: 'reports', collect: reports },
  { area: 'curation', collect: curation },
  { area: 'audit', collect: auditTrail },
  { area: 'billing', collect: billing },
];
