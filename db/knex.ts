import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { migrationSource } from './migration-source.js';

// BIGINT counts and ids come back as numbers; our ids stay far below 2^53.
pg.types.setTypeParser(20, (v: string) => Number(v));
// NUMERIC stays a string (money must not lose precision); DATE stays YYYY-MM-DD.
pg.types.setTypeParser(1082, (v: string) => v);

export function knexConfig(databaseUrl: string, pool: { min: number; max: number } = { min: 0, max: 10 }): Knex.Config {
  return {
    client: 'pg',
    connection: databaseUrl,
    pool: { ...pool, acquireTimeoutMillis: 10000 },
    acquireConnectionTimeout: 10000,
    migrations: { migrationSource, tableName: 'knex_migrations' },
  };
}

/**
 * A knex instance with its own pool. Objection models are never bound to one
 * globally (the last knex created would win): every query names its knex or
 * transaction, `Model.query(trx)`.
 */
export function createKnex(databaseUrl: string, pool?: { min: number; max: number }): Knex {
  return knexFactory(knexConfig(databaseUrl, pool));
}

export type { Knex };
