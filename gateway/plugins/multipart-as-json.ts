// Multipart bodies of the projected catalog writes, turned into the JSON write shape
// before joi validates it (a route-level onPostAuth extension):
//   payload                                         the product JSON, as a string
//   variants[<i>][images]        (repeated)         files that replace variant i's images
//   variants[<i>][images][create][<n>][image]       a file of the operation style
//   <any>[<bracket>][<path>]     (text)             a value at that path, when the JSON has none
// Bracket paths are parsed here, without the depth and index limits of the usual
// query-string parsers (which stop at depth 5 and turn indexes above 20 into keys):
// an index must only continue its list (no gaps), and every name must be a plain
// identifier, so no part can reach an object's prototype.
import type { Lifecycle, Request, ResponseToolkit } from '@hapi/hapi';
import { DomainError } from '../../jobs/runtime/errors.js';
import { inspectInput, problemError } from '../http/input-guard.js';

export const MAX_PARTS = 500;

interface FilePart {
  filename?: string;
  headers?: Record<string, string>;
  payload: Buffer | string;
}

type Container = Record<string, unknown> | unknown[];

function invalid(part: string, message: string): DomainError {
  return new DomainError('invalid', 'invalid_multipart', `Part "${part}": ${message}`, [{ path: part, message, type: 'multipart.part' }]);
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INDEX = /^(0|[1-9][0-9]*)$/;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** "variants[0][images][create][1][image]" -> ["variants", "0", "images", "create", "1", "image"] */
export function parseBracketPath(name: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!m) throw invalid(name, 'the name must look like variants[0][images] (brackets balanced, nothing after the last one).');
  const segments = [m[1], ...[...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1])];
  for (const s of segments) {
    if (s === '') throw invalid(name, 'empty brackets "[]" are not supported: give the index.');
    if (FORBIDDEN.has(s) || (!NAME.test(s) && !INDEX.test(s))) throw invalid(name, `"${s}" is not a field name or an index.`);
  }
  if (INDEX.test(segments[0])) throw invalid(name, 'the name must start with a field name.');
  return segments;
}

const isFile = (v: unknown): v is FilePart => typeof v === 'object' && v !== null && !Buffer.isBuffer(v) && 'payload' in v && 'filename' in v;
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null && !Buffer.isBuffer(v);

function child(node: Container, seg: string, part: string): unknown {
  if (Array.isArray(node)) {
    if (!INDEX.test(seg)) throw invalid(part, `"${seg}" addresses a list: use an index.`);
    return node[Number(seg)];
  }
  return Object.prototype.hasOwnProperty.call(node, seg) ? node[seg] : undefined;
}

function assign(node: Container, seg: string, value: unknown, part: string): void {
  if (Array.isArray(node)) {
    const i = Number(seg);
    if (i > node.length) throw invalid(part, `index ${seg} leaves a gap: the list has ${node.length} entr${node.length === 1 ? 'y' : 'ies'} (indexes continue from 0).`);
    node[i] = value;
  } else {
    node[seg] = value;
  }
}

/** The container at `segments` (created where missing: a list before an index, except under `update`, whose keys are row ids). */
function walk(root: Container, segments: string[], part: string): Container {
  let node = root;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i];
    let next = child(node, seg, part);
    if (next === undefined) {
      const following = segments[i + 1];
      next = following !== undefined && INDEX.test(following) && seg !== 'update' ? [] : {};
      assign(node, seg, next, part);
    }
    if (!isContainer(next)) throw invalid(part, `${segments.slice(0, i + 1).join('.')} is a value in the payload, not an object or a list.`);
    node = next;
  }
  return node;
}

/** Puts the parts into the JSON of `payload`. */
export function multipartToBody(parts: Record<string, unknown>): Record<string, unknown> {
  const entries = Object.entries(parts ?? {});
  const count = entries.reduce((n, [, v]) => n + (Array.isArray(v) ? v.length : 1), 0);
  if (count > MAX_PARTS) throw invalid('*', `at most ${MAX_PARTS} parts per request.`);

  const body = parts.payload === undefined ? {} : payloadJson(parts.payload);

  const texts: { part: string; segments: string[]; value: unknown }[] = [];
  const files: { part: string; segments: string[]; files: Buffer[] }[] = [];
  for (const [part, raw] of entries) {
    if (part === 'payload') continue;
    const segments = parseBracketPath(part);
    const values = Array.isArray(raw) ? raw : [raw];
    if (values.some(isFile)) {
      if (!values.every(isFile)) throw invalid(part, 'mixes files and text values.');
      files.push({ part, segments, files: values.map((f, n) => fileBytes(f, part, values.length > 1 ? n : null)) });
    } else if (values.length > 1) {
      throw invalid(part, 'is given more than once.');
    } else {
      texts.push({ part, segments, value: values[0] });
    }
  }
  // lower indexes first, so a list may be filled by parts sent in any order; values before files
  texts.sort((a, b) => compareSegments(a.segments, b.segments));
  for (const t of texts) {
    const node = walk(body, t.segments.slice(0, -1), t.part);
    const last = t.segments[t.segments.length - 1];
    if (child(node, last, t.part) !== undefined) throw invalid(t.part, 'is also given in the payload JSON.');
    assign(node, last, t.value, t.part);
  }
  files.sort((a, b) => compareSegments(a.segments, b.segments));
  for (const f of files) placeFiles(body, f.part, f.segments, f.files);
  return body;
}

/** The `payload` part: a text part holding a JSON object (a "__proto__" key is refused, not dropped). */
function payloadJson(json: unknown): Record<string, unknown> {
  if (typeof json !== 'string') throw invalid('payload', 'must be a text part holding the product JSON (not a file, not repeated).');
  let parsed: unknown;
  let poisoned = false;
  try {
    // a "__proto__" key is refused (400, like a bracket path naming it), not silently dropped
    parsed = JSON.parse(json, (key, value) => {
      if (key === '__proto__') poisoned = true;
      return value;
    });
  } catch {
    throw invalid('payload', 'is not valid JSON.');
  }
  if (poisoned) throw invalid('payload.__proto__', 'is a "__proto__" key, which is not accepted in any input.');
  if (!isContainer(parsed) || Array.isArray(parsed)) throw invalid('payload', 'must be a JSON object.');
  return parsed as Record<string, unknown>;
}

/** The bytes of a file part; an empty one (hapi hands it over as {}) is 400 empty_file naming the part. */
function fileBytes(f: FilePart, part: string, index: number | null): Buffer {
  const data = Buffer.isBuffer(f.payload) ? f.payload : typeof f.payload === 'string' ? Buffer.from(f.payload) : Buffer.alloc(0);
  if (data.length === 0) {
    const which = index === null ? part : `${part} (file ${index + 1})`;
    throw new DomainError('invalid', 'empty_file', `Image ${which} is empty.`, [{ path: part, part, ...(index === null ? {} : { index }), message: 'empty file' } as never]);
  }
  return data;
}

function placeFiles(body: Record<string, unknown>, part: string, segments: string[], files: Buffer[]): void {
  const last = segments[segments.length - 1];
  if (last === 'images') {
    // the list form: these files replace the variant's images, in order; a JSON list of
    // the same length gives their alt_text/is_primary
    const owner = walk(body, segments.slice(0, -1), part);
    if (Array.isArray(owner)) throw invalid(part, 'must name a variant, e.g. variants[0][images].');
    const listed = owner.images;
    if (listed === undefined || (Array.isArray(listed) && listed.length === 0)) {
      owner.images = files.map((image) => ({ image }));
      return;
    }
    if (!Array.isArray(listed)) throw invalid(part, `the payload gives ${segments.join('.')} as operations: send the files as ${part}[create][<n>][image].`);
    if (listed.length !== files.length) throw invalid(part, `${files.length} file(s) for ${listed.length} image entr${listed.length === 1 ? 'y' : 'ies'} in the payload.`);
    listed.forEach((entry, n) => {
      if (!isContainer(entry) || Array.isArray(entry) || entry.image !== undefined || entry.id !== undefined) throw invalid(part, `image entry ${n} in the payload must be an object without id or image to take file ${n + 1}.`);
      entry.image = files[n];
    });
    return;
  }
  if (last !== 'image') throw invalid(part, 'files go in parts named variants[<i>][images] or ...[<n>][image].');
  if (files.length > 1) throw invalid(part, 'holds one file; it is given more than once.');
  const node = walk(body, segments.slice(0, -1), part);
  if (Array.isArray(node)) throw invalid(part, 'must name an image entry.');
  if (node.image !== undefined) throw invalid(part, 'the payload JSON already gives this image.');
  node.image = files[0];
}

function compareSegments(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    const ai = INDEX.test(a[i]);
    const bi = INDEX.test(b[i]);
    if (ai && bi) return a[i].length - b[i].length || (a[i] < b[i] ? -1 : 1);
    return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

/** Route extension (onPostAuth): a multipart body becomes the JSON write shape before validation. */
export const multipartBody: Lifecycle.Method = (request: Request, h: ResponseToolkit) => {
  // hapi types the payload read-only; replacing it before validation is what route extensions are for
  if (request.mime !== 'multipart/form-data') return h.continue;
  const body = multipartToBody((request.payload ?? {}) as Record<string, unknown>);
  // the server's input guard saw only the raw parts: the JSON inside `payload` (a \ud800
  // escape, say) is checked here, by the same rules, before validation
  const problem = inspectInput(body, 'payload');
  if (problem) throw problemError(problem);
  (request as { payload: unknown }).payload = body;
  return h.continue;
};
