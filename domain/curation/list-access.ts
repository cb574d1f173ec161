// Who reads a curated list, in SQL over alias `cl` for the caller's scope: the
// curator (the scope that owns it) always; anyone signed in reads the header of a
// public or subscribers list; an unlisted list is reached by its slug (the share
// link, with a random part) or by its live subscribers; the products of a
// subscribers list are read by the curator and its live subscribers only.
import type { Knex } from 'knex';
import type { Scope } from '../shared/scope.js';

/** Statuses of a subscription that give access (past_due keeps it during dunning). */
export const LIVE_STATUSES = ['trialing', 'active', 'past_due'];

/** The effective status of a curated subscription over aliases cs and us (its billing subscription). */
export const CURATED_STATUS_SQL = `CASE WHEN cs.ended_at IS NOT NULL THEN 'canceled' WHEN cs.kind = 'free' THEN 'active' ELSE coalesce(us.status, 'canceled') END`;

/** `alias` belongs to the scope, as SQL with bindings. */
export function ownedBy(alias: string, scope: Scope): [string, Knex.Value[]] {
  return scope.type === 'team' ? [`${alias}.team_id = ?`, [scope.teamId as number]] : [`(${alias}.owner_id = ? AND ${alias}.team_id IS NULL)`, [scope.userId]];
}

/** The scope has a live subscription to list `cl`. */
export function subscribedSql(scope: Scope): [string, Knex.Value[]] {
  const [own, bindings] = ownedBy('cs', scope);
  return [
    `EXISTS (SELECT 1 FROM curated_subscriptions cs LEFT JOIN user_subscriptions us ON us.id = cs.billing_subscription_id
      WHERE cs.list_id = cl.id AND ${own} AND ${CURATED_STATUS_SQL} IN (${LIVE_STATUSES.map(() => '?').join(', ')}))`,
    [...bindings, ...LIVE_STATUSES],
  ];
}

/** The read columns every list answer carries (is_mine, subscribed, item_count). */
export function readColumns(db: Knex | Knex.Transaction, scope: Scope) {
  const [mine, mb] = ownedBy('cl', scope);
  const [sub, sb] = subscribedSql(scope);
  return [
    'cl.*',
    db.raw(`(${mine}) AS is_mine`, mb),
    db.raw(`(${sub}) AS subscribed`, sb),
    db.raw('(SELECT count(*) FROM curated_list_items i WHERE i.list_id = cl.id)::int AS item_count'),
    db.raw('(SELECT sp.id FROM subscription_plans sp WHERE sp.curated_list_id = cl.id AND sp.is_active ORDER BY sp.id DESC LIMIT 1) AS plan_id'),
  ];
}

interface ReadRow {
  visibility: string;
  is_mine: boolean;
  subscribed: boolean;
}

/** Whether the list's header may be shown when it was reached by id (viaSlug: by its share link). */
export const headerReadable = (row: ReadRow, viaSlug: boolean) => row.is_mine || row.subscribed || viaSlug || row.visibility !== 'unlisted';

/** Whether its products may be shown (the header being readable). */
export const itemsReadable = (row: ReadRow) => row.is_mine || row.subscribed || row.visibility !== 'subscribers';
