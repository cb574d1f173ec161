// Turns a `?query=` into the SELECT expression of a projected read: parsed once
// (query-parser.ts), checked against the model and compiled (projection-compiler.ts).
// The compiled SQL of a query text is kept (LRU), so a client repeating its query
// pays for parsing once per process.
import type { Knex } from 'knex';
import { LRUCache } from 'lru-cache';
import { parseQuery } from './query-parser.js';
import { compileProjection, nestedRowsSql, projectionDepth, projectionSql, type CompiledProjection, type ProjectionModel, type Sql } from './projection-compiler.js';

export interface Projection {
  compiled: CompiledProjection;
  /** the JSON object of one row over the table alias it was compiled for */
  sql: Sql;
  /** levels of the projection: 1 = the row's own fields */
  depth: number;
  /** the table alias the SQL reads the row from */
  alias: string;
  /** the number of nested rows one row's JSON holds, over `alias` (null: the projection selects no relation) */
  nestedRows: string | null;
}

export class Projector {
  private readonly cache = new LRUCache<string, Projection>({ max: 1000 });

  constructor(private readonly mediaBase: string) {}

  /** The projection of `query` (all fields when absent or empty) over `alias`; 400 invalid_query when it does not fit the model. */
  projection(model: ProjectionModel, query: string | undefined, alias: string): Projection {
    const text = query?.trim() ? query : '';
    const key = `${model.label}\u0000${alias}\u0000${text}`;
    let p = this.cache.get(key);
    if (!p) {
      const compiled = compileProjection(model, text ? parseQuery(text) : null);
      p = { compiled, sql: projectionSql(compiled, alias, { mediaBase: this.mediaBase }), depth: projectionDepth(compiled), alias, nestedRows: nestedRowsSql(compiled, alias) };
      this.cache.set(key, p);
    }
    return p;
  }

  /** The select-list item `<json> AS r` of a projection. */
  column(db: Knex | Knex.Transaction, projection: Projection): Knex.Raw {
    return db.raw(`${projection.sql.text} AS r`, projection.sql.bindings as Knex.RawBinding[]);
  }
}
