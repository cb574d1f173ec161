// Compiles a parsed `?query=` (query-parser.ts) against a projection model
// (catalog-models.ts) into one SQL expression that builds each row's JSON in
// PostgreSQL: the selected columns only, and for each selected relation one
// correlated subquery aggregated with json_agg. A request therefore costs one
// statement for its rows however deep the projection is and however many rows there
// are (plus the count of a list page) — the constant query count the projected API
// promises. Relations that are not selected are not touched at all.
import type { Selection } from './query-parser.js';
import { QueryError } from './query-parser.js';

export interface Sql {
  text: string;
  bindings: unknown[];
}

/** Values a field's SQL may need that only the running platform knows. */
export interface SqlContext {
  /** the media links' prefix (`platform.links.media('')`): stored paths are relative to it */
  mediaBase: string;
}

export type ScalarType = 'integer' | 'string' | 'boolean' | 'datetime' | 'url' | 'id';

export interface ScalarField {
  kind: 'scalar';
  type: ScalarType;
  nullable?: boolean;
  description?: string;
  /** the SQL expression of the value, `alias` being the row's table alias */
  sql(alias: string, ctx: SqlContext): Sql;
}

export interface RelationField {
  kind: 'relation';
  model: () => ProjectionModel;
  /** a list (json_agg) or one object (null when missing) */
  many: boolean;
  description?: string;
  /** FROM and WHERE (and ORDER BY for lists) of the related rows, `child` aliasing them, `parent` the row above */
  source(child: string, parent: string): { from: string; where: string; orderBy?: string };
}

export type ProjectionField = ScalarField | RelationField;

export interface ProjectionModel {
  /** human name in messages and docs: "product", "variant image" */
  name: string;
  /** OpenAPI label of the read shape */
  label: string;
  /** every projectable field, in output order for `*` and for the default projection */
  fields: Record<string, ProjectionField>;
}

export interface CompiledEntry {
  /** output key (the alias, or the field name) */
  key: string;
  field: string;
  def: ProjectionField;
  child: CompiledProjection | null;
}

export interface CompiledProjection {
  model: ProjectionModel;
  entries: CompiledEntry[];
}

// json_build_object takes at most 100 arguments: 50 keys
const MAX_KEYS_PER_OBJECT = 50;

const defaults = new WeakMap<ProjectionModel, CompiledProjection>();

/** Every field of the model, relations with their own defaults: what a request without `query` gets. */
export function defaultProjection(model: ProjectionModel): CompiledProjection {
  let compiled = defaults.get(model);
  if (!compiled) {
    compiled = {
      model,
      entries: Object.entries(model.fields).map(([field, def]) => ({ key: field, field, def, child: def.kind === 'relation' ? defaultProjection(def.model()) : null })),
    };
    defaults.set(model, compiled);
  }
  return compiled;
}

/**
 * Checks a selection against the model and resolves `*`, exclusions and aliases.
 * A level with `*` or an exclusion starts from every field (minus the excluded ones);
 * named fields then narrow a relation or rename a field in place. A level with only
 * named fields returns exactly those, in query order.
 */
export function compileProjection(model: ProjectionModel, selection: Selection | null, at = ''): CompiledProjection {
  if (!selection) return defaultProjection(model);
  const where = at ? ` (in ${at})` : '';
  const seen = new Map<string, number>();
  const claim = (name: string, position: number) => {
    // own fields only: "__proto__" or "constructor" must be unknown, not Object's
    const def = Object.prototype.hasOwnProperty.call(model.fields, name) ? model.fields[name] : undefined;
    if (!def) {
      throw new QueryError(`Unknown field "${name}" at position ${position}${where}: a ${model.name} has ${Object.keys(model.fields).join(', ')}.`, position, { field: name, at: at || undefined, type: 'query.unknown_field' });
    }
    const before = seen.get(name);
    if (before !== undefined) throw new QueryError(`The field "${name}" at position ${position}${where} is already named at position ${before}.`, position, { field: name, at: at || undefined, type: 'query.duplicate' });
    seen.set(name, position);
    return def;
  };

  for (const ex of selection.excludes) claim(ex.name, ex.position);
  const excluded = new Set(selection.excludes.map((e) => e.name));
  const named = selection.fields.map((f) => {
    const def = claim(f.name, f.position);
    const path = at ? `${at}.${f.name}` : f.name;
    if (def.kind === 'scalar' && f.selection) {
      throw new QueryError(`The field "${f.name}" at position ${f.position}${where} is a scalar (${def.type}): it cannot have the nested selection at position ${f.selection.position}.`, f.selection.position, { field: f.name, at: at || undefined, type: 'query.scalar_selection' });
    }
    const child = def.kind === 'relation' ? compileProjection(def.model(), f.selection, path) : null;
    return { node: f, entry: { key: f.alias ?? f.name, field: f.name, def, child } as CompiledEntry };
  });

  let entries: CompiledEntry[];
  if (selection.wildcard !== null || excluded.size > 0) {
    const byField = new Map(named.map((n) => [n.entry.field, n.entry]));
    entries = Object.keys(model.fields)
      .filter((f) => !excluded.has(f))
      .map((f) => byField.get(f) ?? defaultProjection(model).entries.find((e) => e.field === f)!);
  } else {
    entries = named.map((n) => n.entry);
  }

  const keys = new Map<string, string>();
  for (const e of entries) {
    const other = keys.get(e.key);
    if (other !== undefined) {
      const node = named.find((n) => n.entry === e)?.node ?? named.find((n) => n.entry.field === other)?.node;
      const position = node?.position ?? selection.position;
      throw new QueryError(`The output key "${e.key}" at position ${position}${where} is used twice (fields "${other}" and "${e.field}"): choose another alias.`, position, { field: e.key, at: at || undefined, type: 'query.duplicate_key' });
    }
    keys.set(e.key, e.field);
  }
  return { model, entries };
}

/** The JSON object of one row, as a SQL expression over `alias`. */
export function projectionSql(compiled: CompiledProjection, alias: string, ctx: SqlContext): Sql {
  let n = 0;
  const nextAlias = () => `${alias}_${++n}`;
  return objectSql(compiled, alias, ctx, nextAlias);
}

function objectSql(compiled: CompiledProjection, alias: string, ctx: SqlContext, nextAlias: () => string): Sql {
  if (compiled.entries.length > MAX_KEYS_PER_OBJECT) throw new Error(`projection of ${compiled.model.name} has more than ${MAX_KEYS_PER_OBJECT} keys`);
  const parts: string[] = [];
  const bindings: unknown[] = [];
  for (const e of compiled.entries) {
    parts.push('?::text');
    bindings.push(e.key);
    const value = e.def.kind === 'scalar' ? e.def.sql(alias, ctx) : relationSql(e.def, e.child!, alias, ctx, nextAlias);
    parts.push(value.text);
    bindings.push(...value.bindings);
  }
  return { text: `json_build_object(${parts.join(', ')})`, bindings };
}

function relationSql(def: RelationField, child: CompiledProjection, parent: string, ctx: SqlContext, nextAlias: () => string): Sql {
  const alias = nextAlias();
  const src = def.source(alias, parent);
  const inner = objectSql(child, alias, ctx, nextAlias);
  if (def.many) {
    const order = src.orderBy ? ` ORDER BY ${src.orderBy}` : '';
    return { text: `(SELECT coalesce(json_agg(${inner.text}${order}), '[]'::json) FROM ${src.from} WHERE ${src.where})`, bindings: inner.bindings };
  }
  return { text: `(SELECT ${inner.text} FROM ${src.from} WHERE ${src.where} LIMIT 1)`, bindings: inner.bindings };
}

/**
 * How many nested rows one row's JSON holds (every object of every selected relation,
 * at every depth), as a SQL expression over `alias`; null when the projection selects
 * no relation (each row is then exactly one row). It reads the same relations the
 * projection does, counting with the foreign-key indexes instead of building JSON, so
 * a list page can be cut to the response budget before its JSON is built.
 */
export function nestedRowsSql(compiled: CompiledProjection, alias: string): string | null {
  let n = 0;
  const nextAlias = () => `${alias}_n${++n}`;
  return nestedRowsOf(compiled, alias, nextAlias);
}

function nestedRowsOf(compiled: CompiledProjection, alias: string, nextAlias: () => string): string | null {
  const terms: string[] = [];
  for (const e of compiled.entries) {
    if (e.def.kind !== 'relation') continue;
    const child = nextAlias();
    const src = e.def.source(child, alias);
    const inner = nestedRowsOf(e.child!, child, nextAlias);
    if (e.def.many) terms.push(`(SELECT count(*)${inner ? ` + coalesce(sum(${inner}), 0)` : ''} FROM ${src.from} WHERE ${src.where})`);
    else terms.push(`coalesce((SELECT 1${inner ? ` + ${inner}` : ''} FROM ${src.from} WHERE ${src.where} LIMIT 1), 0)`);
  }
  return terms.length ? `(${terms.join(' + ')})` : null;
}

/** How deep a compiled projection reaches (1 = the row's own columns only). */
export function projectionDepth(compiled: CompiledProjection): number {
  return 1 + Math.max(0, ...compiled.entries.map((e) => (e.child ? projectionDepth(e.child) : 0)));
}

/** "id, name, tags{id, label, values{id, value}}": the projectable fields of a model, for the docs. */
export function describeModel(model: ProjectionModel, seen: Set<ProjectionModel> = new Set()): string {
  if (seen.has(model)) return '…';
  const inner = new Set(seen).add(model);
  return Object.entries(model.fields)
    .map(([name, def]) => (def.kind === 'scalar' ? name : `${name}{${describeModel(def.model(), inner)}}`))
    .join(', ');
}
