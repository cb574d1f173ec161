// What one user may spend of the support desk's shared capacity (issue 22): tickets and
// replies per hour (Redis windows shared by every gateway instance), attachment bytes
// stored in total (counted in Postgres, where the files are recorded) and replies one
// ticket holds. Staff are exempt from the per-user budgets: they answer everybody.
import type { Knex } from 'knex';
import { SupportTicketAttachment, SupportTicketReply } from '../../db/models/index.js';
import type { Platform } from '../../db/platform.js';
import { Conflict, RateLimited } from '../../jobs/runtime/errors.js';
import type { RateLimits } from '../shared/rate-limits.js';
import type { Actor } from '../shared/actor.js';

/** who spends: staff are exempt */
type Spender = Pick<Actor, 'userId' | 'isStaff'>;

const HOUR = 3600;
/** Stored bytes free up only when the user deletes tickets: try again in an hour at the earliest. */
const STORAGE_RETRY_SECONDS = HOUR;

export class SupportBudgets {
  constructor(
    private readonly platform: Platform,
    private readonly limits: RateLimits,
  ) {}

  private get settings() {
    return this.platform.config.support;
  }

  /** Spends one ticket of the hour; 429 `ticket_budget_exceeded` beyond it. */
  async spendTicket(actor: Spender): Promise<void> {
    const per = this.settings.ticketsPerHour;
    await this.spend(actor, 'support-tickets', per, `At most ${per} tickets an hour; add a reply to an open ticket instead.`, 'ticket_budget_exceeded');
  }

  /** Spends one reply of the hour; 429 `reply_budget_exceeded` beyond it. */
  async spendReply(actor: Spender): Promise<void> {
    const per = this.settings.repliesPerHour;
    await this.spend(actor, 'support-replies', per, `At most ${per} replies an hour.`, 'reply_budget_exceeded');
  }

  private async spend(actor: Spender, name: string, points: number, message: string, code: string): Promise<void> {
    if (actor.isStaff) return;
    try {
      await this.limits.consume({ name, points, durationSeconds: HOUR, message }, actor.userId);
    } catch (err) {
      // the same 429 and retry_after, under a code that names the budget
      if (err instanceof RateLimited) throw new RateLimited(Number((err.details as { retry_after: number }).retry_after), message, code);
      throw err;
    }
  }

  /**
   * The user's stored attachment bytes plus `adding` stay within the budget; 429
   * `attachment_budget_exceeded` otherwise. Checked before the files are written; two
   * concurrent uploads can pass it together by one upload at most.
   */
  async checkAttachmentBytes(db: Knex | Knex.Transaction, actor: Spender, adding: number): Promise<void> {
    if (actor.isStaff || adding === 0) return;
    const row = (await SupportTicketAttachment.query(db).where({ uploaded_by: actor.userId }).sum('size as total').first()) as unknown as { total: string | null } | undefined;
    const stored = Number(row?.total ?? 0);
    const budget = this.settings.attachmentBytesPerUser;
    if (stored + adding > budget) {
      throw new RateLimited(STORAGE_RETRY_SECONDS, `Your ticket attachments would exceed ${Math.floor(budget / 1024 / 1024)} MiB; delete tickets you no longer need.`, 'attachment_budget_exceeded');
    }
  }

  /** A ticket holds at most TICKET_MAX_REPLIES replies; call under the ticket's row lock. */
  async checkReplyRoom(trx: Knex.Transaction, ticketId: string): Promise<void> {
    const max = this.settings.maxRepliesPerTicket;
    const count = await SupportTicketReply.query(trx).where({ ticket_id: ticketId }).resultSize();
    if (count >= max) throw new Conflict(`This ticket holds its maximum of ${max} replies; open a new ticket to go on.`, 'ticket_reply_limit');
  }
}
