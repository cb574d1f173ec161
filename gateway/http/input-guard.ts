// Hostile input refused at the edge, for every route at once (no route has to
// remember it), answered with the documented error body:
//   400 nul_character     a NUL (\u0000) in the path, the query, a header or any string
//                         (or key) of the body: PostgreSQL refuses it in text, so it
//                         would surface as a 500 deep inside a query
//   400 invalid_unicode   a string holding half of a UTF-16 surrogate pair (JSON allows the
//                         escape "\ud83d" alone; it is no character, and PostgreSQL's JSON
//                         refuses it deep inside a write)
//   400 nesting_too_deep  a body nested deeper than MAX_INPUT_DEPTH arrays/objects:
//                         joi, loggers and JSON.stringify recurse and overflow the stack
//   400 body_required     no body (or JSON null) on a route whose payload is an object
//                         (routes that take an optional body say so: plugins.platform.bodyOptional)
//   413 payload_too_large  a declared Content-Length over the route's limit, before the body is read
//   400 invalid_path      a path segment that is `.` or `..` (also percent-encoded), or holds
//                         a backslash or an encoded slash (%2f, %5c): no route has such a
//                         path, and a file route must never see one (/media/ traversal)
// The walk is iterative (an explicit stack), so the check itself cannot overflow.
// The same inspection guards WebSocket messages (gateway/realtime/hub.ts).
import type { Plugin, Request, ResponseToolkit, Server } from '@hapi/hapi';
import Joi from 'joi';
import { Invalid } from '../../jobs/runtime/errors.js';
import { EdgeError } from './errors.js';

export const MAX_INPUT_DEPTH = 64;

export interface InputProblem {
  code: 'nul_character' | 'invalid_unicode' | 'nesting_too_deep';
  /** where: `payload.lines.3.name`, `query.search`, `headers.x-foo` */
  path: string;
}

interface Frame {
  value: unknown;
  depth: number;
  key: string;
  parent: Frame | null;
}

/** Node 20 has String.prototype.isWellFormed (ES2024); the ES2023 typings do not. */
const wellFormed = (s: string): boolean => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

const pathOf = (frame: Frame): string => {
  const parts: string[] = [];
  for (let f: Frame | null = frame; f; f = f.parent) parts.push(f.key);
  const path = parts.reverse().join('.');
  // a hostile key or a path 64 levels deep is not echoed back in full
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
};

/**
 * The first NUL character or over-deep nesting in a parsed value, or null. Buffers
 * (uploaded files) are binary and not looked into.
 */
export function inspectInput(value: unknown, root: string, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: Frame[] = [{ value, depth: 0, key: root, parent: null }];
  while (stack.length) {
    const frame = stack.pop()!;
    const v = frame.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { code: 'nul_character', path: pathOf(frame) };
      if (!wellFormed(v)) return { code: 'invalid_unicode', path: pathOf(frame) };
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v) || ArrayBuffer.isView(v)) continue;
    const depth = frame.depth + 1;
    if (depth > maxDepth) return { code: 'nesting_too_deep', path: pathOf(frame) };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], depth, key: String(i), parent: frame });
    } else if (isPlain(v)) {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return { code: 'nul_character', path: `${pathOf(frame)}.${k.replace(/\u0000/g, '\\u0000')}` };
        if (!wellFormed(k)) return { code: 'invalid_unicode', path: `${pathOf(frame)}.${k.replace(/[\ud800-\udfff]/g, '\ufffd')}` };
        stack.push({ value: child, depth, key: k, parent: frame });
      }
    }
  }
  return null;
}

const isPlain = (v: object) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

export function problemError(problem: InputProblem): Invalid {
  if (problem.code === 'nul_character') {
    return new Invalid(`${problem.path} contains a NUL character (\\u0000), which is not accepted in any input.`, [{ path: problem.path, message: 'contains a NUL character', type: 'string.nul' }], 'nul_character');
  }
  if (problem.code === 'invalid_unicode') {
    return new Invalid(`${problem.path} holds half of a UTF-16 surrogate pair, which is not a character.`, [{ path: problem.path, message: 'not well-formed unicode', type: 'string.unicode' }], 'invalid_unicode');
  }
  return new Invalid(`The input is nested deeper than ${MAX_INPUT_DEPTH} levels of arrays and objects.`, [{ path: problem.path, message: `nested deeper than ${MAX_INPUT_DEPTH} levels`, type: 'any.depth' }], 'nesting_too_deep');
}

/** %00 or a raw NUL anywhere in the request target (path or query), before routing. */
const RAW_NUL = /%00|\u0000/i;

function expectsObjectBody(request: Request): boolean {
  const schema = request.route.settings.validate?.payload as unknown;
  return Joi.isSchema(schema) && (schema as Joi.Schema).type === 'object';
}

const MAY_BE_UNSAFE = /[.%\\]/;

/** Whether a raw request path (no query) holds a dot segment, a backslash or an encoded slash. */
export function unsafePath(rawPath: string): boolean {
  // no dot, percent sign or backslash: no segment can be unsafe (the common case, decided without splitting)
  if (!MAY_BE_UNSAFE.test(rawPath)) return false;
  if (rawPath.includes('\\') || /%2f|%5c/i.test(rawPath)) return true;
  for (const segment of rawPath.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true; // malformed percent-encoding
    }
    if (decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\')) return true;
  }
  return false;
}

export const inputGuardPlugin: Plugin<void> = {
  name: 'platform-input-guard',
  register(server) {
    // a path no route serves never reaches onPreAuth: there the largest limit of any route applies
    let largest = Infinity;
    server.ext('onPreStart', () => {
      largest = Math.max(...server.table().map((r) => r.settings.payload?.maxBytes ?? 0), server.settings.routes?.payload?.maxBytes ?? 0);
    });
    server.ext('onRequest', (request, h) => refuseUnsafeTarget(request, h, largest));
    guardDeclaredLength(server);
    // after the body is read and parsed, before joi validation and the handler
    server.ext('onPostAuth', inspectBody);
  },
};

/** Before routing: NUL characters in the target or a header, unsafe path segments, a declared body over `largest`. */
function refuseUnsafeTarget(request: Request, h: ResponseToolkit, largest: number) {
  const target = request.raw.req.url ?? '';
  if (RAW_NUL.test(target)) {
    const q = target.indexOf('?');
    const inQuery = q >= 0 && RAW_NUL.test(target.slice(q));
    throw problemError((inQuery && inspectInput(request.query, 'query')) || { code: 'nul_character', path: inQuery ? 'query' : 'path' });
  }
  const rawPath = target.split('?', 1)[0];
  if (unsafePath(rawPath)) {
    throw new Invalid('The path may not contain `.` or `..` segments, backslashes or encoded slashes.', [{ path: 'path', message: 'unsafe path segment', type: 'string.path' }], 'invalid_path');
  }
  const { headers } = request;
  for (const name in headers) {
    const value = headers[name] as string | string[] | undefined;
    if (typeof value === 'string' ? value.includes('\u0000') : Array.isArray(value) && value.some((v) => v.includes('\u0000'))) {
      throw problemError({ code: 'nul_character', path: `headers.${name}` });
    }
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > largest) throw tooLarge(declared, largest, 'any endpoint accepts');
  return h.continue;
}

const tooLarge = (declared: number, max: number, what = 'this endpoint accepts') =>
  new EdgeError('too_large', 'payload_too_large', `The request body is larger than ${what} (${declared} bytes declared, at most ${max}).`, null, { connection: 'close' });

/**
 * Once the route is known, before its body is read: a declared Content-Length over the
 * route's limit is answered 413 at once and the connection closed. (Left to hapi, the
 * 413 waits until the whole declared body has arrived, so a client announcing 100 MB
 * and sending nothing would hold the connection until the server's request timeout.)
 */
function guardDeclaredLength(server: Server): void {
  server.ext('onPreAuth', (request: Request, h: ResponseToolkit) => {
    const declared = Number(request.headers['content-length']);
    const settings = request.route.settings.payload;
    const max = settings?.maxBytes;
    if (typeof max === 'number' && settings?.output !== 'stream' && Number.isFinite(declared) && declared > max) throw tooLarge(declared, max);
    return h.continue;
  });
}

/** The parsed body: required where the route expects one, and free of NULs and other unsafe input. */
function inspectBody(request: Request, h: ResponseToolkit) {
  const payload = request.payload as unknown;
  if (payload === null || payload === undefined) {
    if (['post', 'put', 'patch'].includes(request.method) && expectsObjectBody(request) && !request.route.settings.plugins?.platform?.bodyOptional) {
      throw new Invalid('This endpoint expects a JSON object body; send {} for an empty one.', [{ path: 'payload', message: 'a JSON object body is required', type: 'object.base' }], 'body_required');
    }
    return h.continue;
  }
  const problem = inspectInput(payload, 'payload');
  if (problem) throw problemError(problem);
  return h.continue;
}
