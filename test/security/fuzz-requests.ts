// Requests for the API fuzz test (fuzz.test.ts), generated from the OpenAPI document
// the gateway publishes: every operation, its path, query, header, JSON-body and
// form-data parameters, each filled with values that are valid-ish (from the schema:
// types, enums, bounds, ids that exist) or hostile (NUL, huge and odd numbers, wrong
// types, deep nesting, unicode oddities, very long strings, prototype keys), with
// whole-body mutations (no body, null, an array, broken JSON, numbers JSON cannot
// hold, the wrong content type) and every kind of caller.
import fc from 'fast-check';

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}

export interface Parameter extends Schema {
  name: string;
  in: 'path' | 'query' | 'header' | 'body' | 'formData';
  schema?: Schema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
}

export interface Pools {
  /** integer ids that exist for the fuzz users (their inventories, boxes, items, products, team...) */
  ids: number[];
  /** uuids that exist (the users) */
  uuids: string[];
  /** files an upload field may carry */
  files: { filename: string; contentType: string; data: Buffer }[];
}

export type Caller = 'none' | 'user' | 'staff' | 'garbage';

export interface FuzzRequest {
  method: string;
  url: string;
  caller: Caller;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/**
 * Sentinels replaced in the JSON text by what JSON.stringify cannot write (numbers
 * beyond a double) or should not be asked to (nesting thousands deep: the generated
 * values stay shallow, so fast-check can print and shrink them).
 */
const HUGE = '\u0001HUGE\u0001';
const BIGINT = '\u0001BIGINT\u0001';
const DEEP = (depth: number) => `\u0001DEEP${depth}\u0001`;
const deepJson = (depth: number) => `${'{"k":['.repeat(Math.floor(depth / 2))}1${']}'.repeat(Math.floor(depth / 2))}`;

const hostileStrings = [
  'a\u0000b',
  '\u0000',
  'Name\u0000',
  '\u0000\u0000 x',
  '𝕏😀👨‍👩‍👧‍👦🏳️‍🌈',
  '\u202eevil\u202c\u0301\u200b',
  '\ud800',
  'ﬀ İı ß Σ',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../../etc/passwd',
  '..%2f..%2fetc',
  '<script>alert(1)</script>',
  '%00',
  '%',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'x'.repeat(10_000),
  '   ',
  '',
  'NaN',
  'Infinity',
  '1e309',
  '-0',
  '0x1F',
  '9'.repeat(40),
  '2024-02-30',
  'null',
  'true',
  '\t\n\r',
];
const hostileNumbers = [-1, 0, -0.5, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 1e-300];
const wrongTypes: unknown[] = [null, true, false, [], {}, [1, 'a'], { a: { b: 1 } }, '1', 1];

/** JSON text of a value, sentinels replaced. */
export const jsonText = (v: unknown): string =>
  (JSON.stringify(v) ?? 'null')
    .replaceAll(JSON.stringify(HUGE), '1e400')
    .replaceAll(JSON.stringify(BIGINT), '123456789012345678901234567890')
    .replace(/"\\u0001DEEP(\d+)\\u0001"/g, (_, d) => deepJson(Number(d)));

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileStrings) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) },
  { weight: 2, arbitrary: fc.constantFrom(...wrongTypes) },
  { weight: 1, arbitrary: fc.constantFrom(HUGE, BIGINT) },
  { weight: 1, arbitrary: fc.constantFrom(DEEP(66), DEEP(300), DEEP(5000)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

/** encodeURIComponent that also takes lone surrogates (as the invalid UTF-8 a client could send) */
export const encodePart = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return `${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "?"))}%ED%A0%80`;
  }
};

export class RequestFactory {
  constructor(
    private readonly definitions: Record<string, Schema>,
    private readonly pools: Pools,
  ) {}

  private resolve(schema: Schema | undefined): Schema {
    let s = schema ?? {};
    for (let i = 0; s.$ref && i < 10; i++) s = this.definitions[s.$ref.replace('#/components/schemas/', '')] ?? {};
    return s;
  }

  /**
   * What the schema asks for, roughly: right type, in bounds, existing ids. In
   * `chaos` mode every nested field may be hostile too.
   */
  validish(schemaIn: Schema | undefined, name = '', depth = 0, chaos = false): fc.Arbitrary<unknown> {
    const child = (schema: Schema | undefined, childName: string) => (chaos ? this.field(schema, childName, depth + 1) : this.validish(schema, childName, depth + 1));
    const s = this.resolve(schemaIn);
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    const isId = name === 'id' || name.endsWith('_id') || name.endsWith('_ids');
    switch (s.type) {
      case 'integer':
      case 'number': {
        if (isId && this.pools.ids.length) return fc.oneof(fc.constantFrom(...this.pools.ids), fc.integer({ min: 1, max: 5000 }));
        const min = s.minimum ?? -10;
        const max = Math.min(s.maximum ?? 1000, min + 1_000_000);
        return s.type === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }) : fc.double({ min, max: Math.max(min, max), noNaN: true });
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return depth > 3 ? fc.constant([]) : fc.array(child(s.items, name), { maxLength: 3 });
      case 'object': {
        if (depth > 3 || !s.properties) return fc.constant({});
        const entries = Object.entries(s.properties).map(([k, v]) => [k, child(v, k)] as const);
        const required = s.required ?? [];
        return fc.record(Object.fromEntries(entries), { requiredKeys: required.filter((k) => k in s.properties!) as never[] });
      }
      case 'string': {
        if (isId || s.format === 'uuid' || /guid|uuid/i.test(s.pattern ?? '')) return fc.oneof(fc.constantFrom(...this.pools.uuids), fc.uuid(), fc.constantFrom(...this.pools.ids.map(String)));
        if (s.format === 'date' || /\\d\{4\}-\\d\{2\}-\\d\{2\}/.test(s.pattern ?? '')) return fc.date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
        if (s.format === 'email' || /email/.test(name)) return fc.emailAddress();
        const maxLength = Math.min(s.maxLength ?? 40, 40);
        if (s.pattern) {
          try {
            const re = new RegExp(s.pattern);
            return fc.stringMatching(re, { size: 'xsmall' }).filter((v) => v.length <= (s.maxLength ?? 200));
          } catch {
            /* a pattern JavaScript cannot read: plain strings */
          }
        }
        // joi strings refuse '' unless allowed: one character at least
        const letters = fc.constantFrom(...['a', 'b', 'c', 'X', 'Y', 'Z', '0', '1', '9', ' ', '-', '_', '.', '@', 'é', '€', '😀']);
        return fc.string({ minLength: Math.min(Math.max(s.minLength ?? 1, 1), maxLength), maxLength, unit: letters });
      }
      case 'file':
        return fc.constantFrom(...this.pools.files);
      default:
        return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null));
    }
  }

  /** Mostly what the schema asks for, sometimes something hostile in its place. */
  field(schema: Schema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
    return fc.oneof({ weight: 5, arbitrary: this.validish(schema, name, depth, true) }, { weight: 1, arbitrary: hostileValue });
  }

  /**
   * A valid-ish body with exactly one field (at any depth) replaced by a hostile
   * value: the request that gets past validation everywhere else, so the hostile
   * value reaches the service and the database.
   */
  oneHostile(schema: Schema | undefined): fc.Arbitrary<unknown> {
    return fc.tuple(this.validish(schema), fc.nat(), hostileValue).map(([body, pick, bad]) => {
      const slots: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = [];
      const stack: unknown[] = [body];
      while (stack.length) {
        const v = stack.pop();
        if (Array.isArray(v)) v.forEach((x, i) => (slots.push({ holder: v, key: i }), stack.push(x)));
        else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) (slots.push({ holder: v as Record<string, unknown>, key: k }), stack.push(x));
      }
      if (!slots.length) return body;
      const slot = slots[pick % slots.length];
      (slot.holder as Record<string | number, unknown>)[slot.key] = bad;
      return body;
    });
  }

  private pathValue(p: Parameter): fc.Arbitrary<string> {
    return fc.oneof(
      { weight: 4, arbitrary: this.validish(p.schema ?? p, p.name).map((v) => String(v)) },
      { weight: 1, arbitrary: fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', 'null', '%00', '..', '%2e%2e', 'a/b', '😀', ' ', '1e3') },
    );
  }

  private queryPart(p: Parameter): fc.Arbitrary<string | null> {
    const one = this.field(p.schema ?? p, p.name).map((v) => `${encodePart(p.name)}=${encodePart(typeof v === 'string' ? v : jsonText(v))}`);
    const repeated = fc.tuple(one, one).map(([a, b]) => `${a}&${b}`);
    return fc.oneof({ weight: 3, arbitrary: one }, { weight: 1, arbitrary: repeated }, { weight: 3, arbitrary: fc.constant(null) });
  }

  private jsonBody(schema: Schema | undefined): fc.Arbitrary<{ payload?: string; contentType?: string }> {
    const json = jsonText;
    const body = this.validish(schema);
    return fc.oneof(
      { weight: 4, arbitrary: body.map((v) => ({ payload: json(v), contentType: 'application/json' })) },
      { weight: 6, arbitrary: this.oneHostile(schema).map((v) => ({ payload: json(v), contentType: 'application/json' })) },
      { weight: 3, arbitrary: this.validish(schema, '', 0, true).map((v) => ({ payload: json(v), contentType: 'application/json' })) },
      { weight: 1, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.constantFrom('null', '[]', '"text"', '42', '{"a":', '{}}', '\u0000', '{"__proto__":{"is_staff":true},"constructor":{"prototype":{"x":1}}}').map((payload) => ({ payload, contentType: 'application/json' })) },
      { weight: 1, arbitrary: fc.constantFrom(66, 5000).map((d) => ({ payload: json({ deep: DEEP(d) }), contentType: 'application/json' })) },
      { weight: 1, arbitrary: fc.tuple(body, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x')).map(([v, contentType]) => ({ payload: json(v), contentType })) },
    );
  }

  private formBody(params: Parameter[]): fc.Arbitrary<{ payload?: Buffer | string; contentType?: string }> {
    const parts = params.map((p) => fc.option(this.field(p, p.name), { freq: 3, nil: undefined }).map((v) => [p.name, v] as const));
    const multipart = fc.tuple(...parts).map((fields) => {
      const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
      const chunks: Buffer[] = [];
      for (const [name, v] of fields) {
        if (v === undefined) continue;
        const file = v as { filename?: string; contentType?: string; data?: Buffer };
        if (file && typeof file === 'object' && Buffer.isBuffer(file.data)) {
          chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`), file.data, Buffer.from('\r\n'));
        } else {
          const text = typeof v === 'string' ? v : jsonText(v);
          chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
        }
      }
      chunks.push(Buffer.from(`--${boundary}--\r\n`));
      return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
    });
    return fc.oneof({ weight: 6, arbitrary: multipart }, { weight: 1, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.constant({ payload: '{"a":1}', contentType: 'application/json' }) });
  }

  /**
   * Requests every operation is sent whatever the seed (fast-check `examples`): no
   * body, JSON null, broken JSON, JSON 5,000 deep, and a valid-ish body, query or
   * path with one value made hostile (NUL, a lone surrogate, a number beyond any
   * column) for each of its fields in turn.
   */
  examples(op: Operation, seed: number): FuzzRequest[] {
    const base: FuzzRequest = { method: op.method.toUpperCase(), url: op.path.replace(/\{[^}]+\}/g, String(this.pools.ids[0] ?? 1)), caller: 'user', headers: {} };
    const out: FuzzRequest[] = [];
    const json = { 'content-type': 'application/json' };
    const body = op.parameters.find((p) => p.in === 'body');
    if (!['GET', 'DELETE', 'HEAD'].includes(base.method) && !op.parameters.some((p) => p.in === 'formData')) {
      out.push(base, { ...base, headers: json, payload: 'null' }, { ...base, headers: json, payload: '{"a":' }, { ...base, headers: json, payload: `{"a":${deepJson(5000)}}` });
      const schema = this.resolve(body?.schema);
      const sample = fc.sample(this.validish(body?.schema), { seed, numRuns: 1 })[0];
      for (const [name, prop] of Object.entries(schema.properties ?? {}).slice(0, 12)) {
        const kind = this.resolve(prop).type;
        const bad = kind === 'integer' || kind === 'number' ? [HUGE, BIGINT, 2 ** 31] : ['x\u0000y', 'x\ud83dy'];
        for (const value of bad) out.push({ ...base, headers: json, payload: jsonText({ ...(sample as object), [name]: value }) });
      }
    }
    for (const q of op.parameters.filter((p) => p.in === 'query')) {
      for (const value of ['a\u0000b', '99999999999999999999', '\ud800']) out.push({ ...base, url: `${base.url}?${encodePart(q.name)}=${encodePart(value)}` });
    }
    for (const p of op.parameters.filter((x) => x.in === 'path')) {
      for (const value of ['99999999999999999999', '%00', '-1', '%2e%2e']) out.push({ ...base, url: op.path.replace(`{${p.name}}`, value).replace(/\{[^}]+\}/g, '1') });
    }
    return out;
  }

  /** Every request the operation could be sent. */
  request(op: Operation): fc.Arbitrary<FuzzRequest> {
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const query = op.parameters.filter((p) => p.in === 'query');
    const headerParams = op.parameters.filter((p) => p.in === 'header');
    const body = op.parameters.find((p) => p.in === 'body');
    const form = op.parameters.filter((p) => p.in === 'formData');
    const hasBody = !['get', 'delete', 'head'].includes(op.method);
    return fc.record({
      path: fc.tuple(...pathParams.map((p) => this.pathValue(p))),
      query: fc.tuple(...query.map((p) => this.queryPart(p)), fc.option(fc.constantFrom('unknown_param=1', 'page=0', 'page_size=100000', 'ordering=;drop', 'search=%25%5F'), { freq: 4, nil: null })),
      headers: fc.tuple(...headerParams.map((p) => fc.option(this.field(p, p.name), { nil: undefined }).map((v) => [p.name, v] as const))),
      caller: fc.constantFrom<Caller>('none', 'user', 'user', 'user', 'staff', 'garbage'),
      scope: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('team', 'self', 'TEAM', 'x', ''), team: fc.constantFrom('', ...this.pools.ids.map(String), '0', '-1', 'abc', '99999999999') }) }),
      body: hasBody ? (form.length ? this.formBody(form) : this.jsonBody(body?.schema)) : fc.constant({} as { payload?: string; contentType?: string }),
    }).map((r) => {
      let url = op.path;
      pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, encodePart(r.path[i]).replace(/%25(2e|2f|00)/gi, '%$1'))));
      const qs = r.query.filter((q): q is string => q !== null);
      if (qs.length) url += `?${qs.join('&')}`;
      const headers: Record<string, string> = {};
      for (const [name, v] of r.headers) if (v !== undefined) headers[name] = String(typeof v === 'string' ? v : JSON.stringify(v)).replace(/[^\x20-\x7e]/g, '?');
      if (r.scope) Object.assign(headers, { 'x-profile-type': r.scope.type, 'x-team-id': r.scope.team });
      if (r.body.contentType) headers['content-type'] = r.body.contentType;
      return { method: op.method.toUpperCase(), url, caller: r.caller, headers, payload: r.body.payload };
    });
  }
}

/** The operations of a Swagger 2.0 document. */
interface OpenApi3Operation {
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

/**
 * The operations of an OpenAPI 3.0 document with their inputs as one parameter list
 * (a JSON body as `in: body`, multipart fields as `in: formData`, binary ones as files).
 */
export function operationsOf(spec: { paths: Record<string, Record<string, OpenApi3Operation>>; components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Parameter> } }): Operation[] {
  const shared = spec.components?.parameters ?? {};
  const schemas = spec.components?.schemas ?? {};
  return Object.entries(spec.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const parameters: Parameter[] = (op.parameters ?? []).map((p) => ('$ref' in p && p.$ref ? shared[p.$ref.replace('#/components/parameters/', '')] : (p as Parameter)));
      const content = op.requestBody?.content ?? {};
      if (content['application/json']) parameters.push({ name: 'body', in: 'body', schema: content['application/json'].schema });
      const form = content['multipart/form-data']?.schema;
      if (form) {
        const resolved = form.$ref ? schemas[form.$ref.replace('#/components/schemas/', '')] ?? {} : form;
        for (const [name, prop] of Object.entries(resolved.properties ?? {})) {
          parameters.push({ ...prop, ...(prop.format === 'binary' ? { type: 'file' } : {}), name, in: 'formData' });
        }
      }
      return { method, path, parameters };
    }),
  );
}
