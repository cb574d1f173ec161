// What a reader sees of tickets and replies: decrypted, translated, timed in the
// reader's zone, and without staff-internal notes unless the reader is staff (in the
// replies, in reply_count, everywhere). Loads a page of tickets in a fixed number of
// queries, however many tickets and replies: a ticket embeds only its latest replies
// (LIST_REPLIES in a list, DETAIL_REPLIES in the detail view) and counts all of them;
// the whole conversation pages at /api/support-tickets/{id}/replies/.
import type { Knex } from 'knex';
import { Profile, SupportTicketAttachment, SupportTicketReply, User, type SupportTicket } from '../../db/models/index.js';
import type { Platform } from '../../db/platform.js';
import type { HelpCategoryOut, HelpCategoryService } from './help-category-service.js';
import type { TicketTypeService } from './ticket-type-service.js';
import type { TicketCrypto } from './ticket-crypto.js';
import { formatTicketTime, languagePreferences } from './locale.js';
import type { Actor } from '../shared/actor.js';
import type { SupportActor, TicketPriority, TicketStatus } from './ticket-rules.js';

export interface Viewer extends SupportActor {
  /** translation preference, best first, ending with "en" */
  languages: string[];
  /** IANA zone of created_at/updated_at */
  timeZone: string;
}

/** The actor as a reader of tickets: their Accept-Language, then their profile's language, and their profile's time zone. */
export async function viewerOf(db: Knex | Knex.Transaction, actor: Actor, acceptLanguage?: string): Promise<Viewer> {
  const profile = await Profile.query(db).where({ user_id: actor.userId }).select('language', 'timezone').first();
  return { userId: actor.userId, isStaff: actor.isStaff, languages: languagePreferences(acceptLanguage, profile?.language), timeZone: profile?.timezone || 'UTC' };
}

/** A ticket row as stored (description encrypted). */
export type TicketRow = SupportTicket;
/** A reply row as stored (message encrypted). */
export type ReplyRow = SupportTicketReply;

export interface ReplyOut {
  id: string;
  ticket: string;
  message: string;
  is_internal: boolean;
  is_staff_reply: boolean;
  author: string | null;
  author_name: string;
  created_at: string;
  updated_at: string;
}

export interface TicketOut {
  id: string;
  ticket_number: string;
  subject: string;
  description: string;
  ticket_type: string;
  ticket_type_label: string;
  other_ticket_type: string | null;
  help_categories: HelpCategoryOut[];
  status: TicketStatus;
  priority: TicketPriority;
  resolution: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
  assigned_to: string | null;
  attachment_paths: string[];
  attachment_urls: string[];
  replies: ReplyOut[];
  reply_count: number;
  user: string;
  user_email: string;
  user_name: string;
  created_at: string;
  updated_at: string;
}

interface UserBrief {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** Latest replies a list item embeds (oldest of them first). */
export const LIST_REPLIES = 3;
/** Latest replies the detail view embeds; the rest page at /replies/. */
export const DETAIL_REPLIES = 20;

type AuthoredReply = ReplyRow & { author_email: string | null; author_first_name: string | null; author_last_name: string | null };

export const displayName = (u: Pick<UserBrief, 'email' | 'first_name' | 'last_name'> | undefined) => (u ? `${u.first_name} ${u.last_name}`.trim() || u.email : '');

export class TicketPresenter {
  constructor(
    private readonly platform: Platform,
    private readonly crypto: TicketCrypto,
    private readonly types: TicketTypeService,
    private readonly categories: HelpCategoryService,
  ) {}

  attachmentUrl(ticketId: string, attachmentId: string): string {
    return this.platform.links.ticketAttachment(ticketId, attachmentId);
  }

  /** The tickets as the viewer sees them, each with its `embedReplies` latest replies. */
  async present(db: Knex | Knex.Transaction, rows: TicketRow[], viewer: Viewer, embedReplies = LIST_REPLIES): Promise<TicketOut[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [types, categories, replies, replyCounts, attachments, owners] = await Promise.all([
      this.types.byIds(db, rows.map((r) => r.ticket_type_id)),
      this.categories.forTickets(db, ids, viewer.languages),
      this.latestRepliesOf(db, ids, viewer, embedReplies),
      this.replyCounts(db, ids, viewer),
      SupportTicketAttachment.query(db).whereIn('ticket_id', ids).orderBy([{ column: 'ticket_id' }, { column: 'position' }]).select('id', 'ticket_id', 'path'),
      User.query(db).whereIn('id', [...new Set(rows.map((r) => r.user_id))]).select('id', 'email', 'first_name', 'last_name'),
    ]);
    const ownerById = new Map(owners.map((u) => [u.id, u]));
    const repliesByTicket = new Map<string, ReplyOut[]>(ids.map((id) => [id, []]));
    for (const { ticketId, reply } of replies) repliesByTicket.get(ticketId)!.push(reply);
    return rows.map((r) => {
      const type = types.get(r.ticket_type_id)!;
      const files = attachments.filter((a) => a.ticket_id === r.id);
      const owner = ownerById.get(r.user_id);
      const ticketReplies = repliesByTicket.get(r.id)!;
      return {
        id: r.id,
        ticket_number: r.ticket_number,
        subject: r.subject,
        description: this.crypto.description.decrypt(r.description_enc, r.id),
        ticket_type: type.slug,
        ticket_type_label: this.types.label(type, viewer.languages),
        other_ticket_type: r.other_ticket_type,
        help_categories: categories.get(r.id) ?? [],
        status: r.status,
        priority: r.priority,
        resolution: r.resolution,
        resolved_at: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
        resolved_by: r.resolved_by,
        assigned_to: r.assigned_to,
        attachment_paths: files.map((a) => a.path),
        attachment_urls: files.map((a) => this.attachmentUrl(r.id, a.id)),
        replies: ticketReplies,
        reply_count: replyCounts.get(r.id) ?? 0,
        user: r.user_id,
        user_email: owner?.email ?? '',
        user_name: displayName(owner),
        created_at: formatTicketTime(r.created_at, viewer.timeZone),
        updated_at: formatTicketTime(r.updated_at, viewer.timeZone),
      };
    });
  }

  /** Up to `latest` newest replies of each ticket, oldest of them first (internal notes for staff only). */
  private async latestRepliesOf(db: Knex | Knex.Transaction, ids: string[], viewer: Viewer, latest: number): Promise<{ ticketId: string; reply: ReplyOut }[]> {
    const ranked = this.visibleReplies(db, ids, viewer)
      .select('r.id', db.raw('row_number() over (partition by r.ticket_id order by r.created_at desc, r.id desc) as rank'));
    const query = this.visibleReplies(db, ids, viewer)
      .join(ranked.as('ranked'), 'ranked.id', 'r.id')
      .where('ranked.rank', '<=', latest)
      .leftJoin('users as u', 'u.id', 'r.author_id')
      .orderBy([{ column: 'r.created_at' }, { column: 'r.id' }])
      .select('r.*', 'u.email as author_email', 'u.first_name as author_first_name', 'u.last_name as author_last_name');
    return this.shape((await query) as unknown as AuthoredReply[], viewer);
  }

  /** One page of a ticket's replies, oldest first. */
  async replyPage(db: Knex | Knex.Transaction, ticketId: string, viewer: Viewer, page: number, pageSize: number): Promise<{ count: number; results: ReplyOut[] }> {
    const count = (await this.replyCounts(db, [ticketId], viewer)).get(ticketId) ?? 0;
    const rows = (await this.visibleReplies(db, [ticketId], viewer)
      .leftJoin('users as u', 'u.id', 'r.author_id')
      .orderBy([{ column: 'r.created_at' }, { column: 'r.id' }])
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .select('r.*', 'u.email as author_email', 'u.first_name as author_first_name', 'u.last_name as author_last_name')) as unknown as AuthoredReply[];
    return { count, results: this.shape(rows, viewer).map((x) => x.reply) };
  }

  private async replyCounts(db: Knex | Knex.Transaction, ids: string[], viewer: Viewer): Promise<Map<string, number>> {
    const rows = (await this.visibleReplies(db, ids, viewer).groupBy('r.ticket_id').select('r.ticket_id', db.raw('count(*)::int as count'))) as unknown as { ticket_id: string; count: number }[];
    return new Map(rows.map((r) => [r.ticket_id, r.count]));
  }

  private visibleReplies(db: Knex | Knex.Transaction, ids: string[], viewer: Viewer) {
    const query = SupportTicketReply.query(db).alias('r').whereIn('r.ticket_id', ids);
    if (!viewer.isStaff) query.where('r.is_internal', false);
    return query;
  }

  private shape(rows: AuthoredReply[], viewer: Viewer): { ticketId: string; reply: ReplyOut }[] {
    return rows.map((r) => {
      const author = r.author_email ? { email: r.author_email, first_name: r.author_first_name ?? '', last_name: r.author_last_name ?? '' } : undefined;
      return { ticketId: r.ticket_id, reply: this.reply(r, author, viewer) };
    });
  }

  reply(r: ReplyRow, author: Pick<UserBrief, 'email' | 'first_name' | 'last_name'> | undefined, viewer: Viewer): ReplyOut {
    return {
      id: r.id,
      ticket: r.ticket_id,
      message: this.crypto.reply.decrypt(r.message_enc, r.id),
      is_internal: r.is_internal,
      is_staff_reply: r.is_staff,
      author: r.author_id,
      author_name: displayName(author),
      created_at: formatTicketTime(r.created_at, viewer.timeZone),
      updated_at: formatTicketTime(r.updated_at, viewer.timeZone),
    };
  }
}
