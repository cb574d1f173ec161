// What PostgreSQL said about a failed statement, whether the statement ran through
// knex (pg's error, with `code` and `constraint`) or through an objection model
// (objection wraps it in a db-errors class and keeps pg's error as `nativeError`).
export interface PgErrorFacts {
  /** SQLSTATE, e.g. 23505 unique violation, 23503 foreign key, 40P01 deadlock */
  code?: string;
  constraint?: string;
}

export function pgError(err: unknown): PgErrorFacts {
  const e = err as { code?: unknown; constraint?: string; nativeError?: { code?: string; constraint?: string } } | null;
  const native = e?.nativeError;
  return {
    code: typeof e?.code === 'string' ? e.code : native?.code,
    constraint: e?.constraint ?? native?.constraint,
  };
}
