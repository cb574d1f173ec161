// The `?query=` grammar of the projected catalog API (the one django-restql clients
// write), parsed once per request into a tree that the projection compiler checks
// against a model:
//
//   selection := "{" item ("," item)* "}"
//   item      := "*"                      every field of this level
//              | "-" name                 every field but this one (may repeat)
//              | [alias ":"] name [selection]
//   name      := [A-Za-z_][A-Za-z0-9_]*   (alias: at most 50 characters)
//
// Whitespace is allowed between tokens. The parser knows nothing about models: an
// unknown field, a selection on a scalar or a duplicate is the compiler's 400. Every
// node keeps its offset in the query (0-based), so errors can name the position.
import { DomainError, type FieldIssue } from '../../jobs/runtime/errors.js';

export const QUERY_MAX_LENGTH = 4000;
export const ALIAS_MAX_LENGTH = 50;
const NAME_MAX_LENGTH = 64;

export interface FieldNode {
  /** the model field */
  name: string;
  /** the output key when renamed (`alias: name`) */
  alias: string | null;
  /** offset of the field name */
  position: number;
  /** a nested selection `{...}`, or null */
  selection: Selection | null;
}

export interface Selection {
  /** offset of "{" */
  position: number;
  /** included fields, in query order */
  fields: FieldNode[];
  /** offset of "*", or null */
  wildcard: number | null;
  /** excluded fields (`-name`) */
  excludes: { name: string; position: number }[];
}

/** 400 invalid_query: where in the query, and which field when there is one. */
export class QueryError extends DomainError {
  constructor(message: string, position: number, extra: { field?: string; at?: string; type?: string } = {}) {
    const { type = 'query.syntax', ...rest } = extra;
    super('invalid', 'invalid_query', message, [{ path: 'query', message, type, position, ...rest } as FieldIssue]);
  }
}

export function parseQuery(query: string): Selection {
  if (query.length > QUERY_MAX_LENGTH) throw new QueryError(`The query is longer than ${QUERY_MAX_LENGTH} characters (it goes on at position ${QUERY_MAX_LENGTH}).`, QUERY_MAX_LENGTH, { type: 'query.too_long' });
  const p = new Parser(query);
  p.skipSpace();
  const selection = p.selection();
  p.skipSpace();
  if (!p.done()) throw new QueryError(`Unexpected ${p.describe()} at position ${p.pos} after the closing "}" of the query.`, p.pos);
  return selection;
}

class Parser {
  pos = 0;
  constructor(private readonly text: string) {}

  done(): boolean {
    return this.pos >= this.text.length;
  }

  skipSpace(): void {
    while (!this.done() && /\s/.test(this.text[this.pos])) this.pos++;
  }

  /** What stands at the cursor, for messages. */
  describe(): string {
    if (this.done()) return 'end of the query';
    return `"${this.text[this.pos]}"`;
  }

  expect(ch: string, what: string): void {
    if (this.text[this.pos] !== ch) throw new QueryError(`Expected ${what} at position ${this.pos}, found ${this.describe()}.`, this.pos);
    this.pos++;
  }

  name(kind: 'field name' | 'alias' = 'field name'): { name: string; position: number } {
    const start = this.pos;
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(start, start + NAME_MAX_LENGTH + 1));
    if (!m) throw new QueryError(`Expected a ${kind} at position ${start}, found ${this.describe()}.`, start);
    if (m[0].length > NAME_MAX_LENGTH) throw new QueryError(`The name at position ${start} is longer than ${NAME_MAX_LENGTH} characters.`, start, { type: 'query.name_too_long' });
    this.pos += m[0].length;
    return { name: m[0], position: start };
  }

  selection(): Selection {
    const position = this.pos;
    this.expect('{', '"{" (a query looks like {id,name,variants{sku}})');
    const sel: Selection = { position, fields: [], wildcard: null, excludes: [] };
    this.skipSpace();
    if (this.text[this.pos] === '}') throw new QueryError(`Empty selection "{}" at position ${position}: name at least one field.`, position, { type: 'query.empty' });
    for (;;) {
      this.skipSpace();
      this.item(sel);
      this.skipSpace();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      if (this.text[this.pos] === '}') {
        this.pos++;
        return sel;
      }
      throw new QueryError(`Expected "," or "}" at position ${this.pos}, found ${this.describe()}.`, this.pos);
    }
  }

  private item(sel: Selection): void {
    const start = this.pos;
    const ch = this.text[this.pos];
    if (ch === '*') {
      this.pos++;
      if (sel.wildcard !== null) throw new QueryError(`"*" at position ${start} is given twice in one selection (first at position ${sel.wildcard}).`, start, { field: '*', type: 'query.duplicate' });
      sel.wildcard = start;
      this.skipSpace();
      if (this.text[this.pos] !== ',' && this.text[this.pos] !== '}') throw new QueryError(`"*" at position ${start} stands alone: it cannot be followed by ${this.describe()}.`, this.pos);
      return;
    }
    if (ch === '-') {
      this.pos++;
      this.skipSpace();
      const n = this.name();
      this.skipSpace();
      if (this.text[this.pos] === '{') throw new QueryError(`The excluded field "${n.name}" at position ${n.position} cannot have a nested selection.`, this.pos, { field: n.name, type: 'query.excluded_selection' });
      if (this.text[this.pos] === ':') throw new QueryError(`The excluded field "${n.name}" at position ${n.position} cannot be renamed.`, this.pos, { field: n.name });
      sel.excludes.push(n);
      return;
    }
    let first = this.name();
    let alias: string | null = null;
    this.skipSpace();
    if (this.text[this.pos] === ':') {
      this.pos++;
      this.skipSpace();
      if (first.name.length > ALIAS_MAX_LENGTH) throw new QueryError(`The alias at position ${first.position} is longer than ${ALIAS_MAX_LENGTH} characters.`, first.position, { field: first.name, type: 'query.alias_too_long' });
      alias = first.name;
      first = this.name();
      this.skipSpace();
    }
    let selection: Selection | null = null;
    if (this.text[this.pos] === '{') selection = this.selection();
    sel.fields.push({ name: first.name, alias, position: first.position, selection });
  }
}
