// "No HTTP below the edge" (ARCHITECTURE.md, rules of the house), checked over the
// source: the domain says what went wrong with an error kind and asks for links by
// what they point at; status codes, headers, base URLs and route paths are spelled
// by the edge (gateway/) and the contracts (jobs/public-links.ts, jobs/kyc-contract.ts).
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../helpers/processes.js';

interface Rule {
  what: string;
  pattern: RegExp;
  /** top-level folders the rule holds in */
  folders: string[];
}

const RULES: Rule[] = [
  { what: 'an HTTP status in an error constructor (throw a kind: jobs/runtime/errors.ts)', pattern: /\b(?:new\s+\w*(?:Error|Invalid|Forbidden|Found|Conflict|Unavailable|Timeout|Limited|Unauthorized|Required)|super)\(\s*[1-5]\d\d\s*[,)]/, folders: ['domain', 'jobs', 'workers'] },
  { what: 'an HTTP status or header name (the edge maps kinds and retry-after)', pattern: /\b(?:httpStatus|statusCode|http_status)\b|'Retry-After'|'WWW-Authenticate'/, folders: ['domain', 'workers'] },
  { what: 'the public base URL (ask platform.links)', pattern: /publicBaseUrl|PUBLIC_BASE_URL/, folders: ['domain'] },
  { what: 'a URL built in the domain (new URL)', pattern: /\bnew\s+URL\s*\(/, folders: ['domain'] },
  { what: 'a route path (ask platform.links, or the page link of PageAt)', pattern: /(?:['"`]|\})\/(?:api|media|billing)\//, folders: ['domain'] },
  { what: 'an import of hapi', pattern: /\bfrom\s*['"]@hapi\/|\bimport\s*\(\s*['"]@hapi\//, folders: ['domain', 'jobs', 'workers'] },
];

/** The code of a file without its comments (they may name statuses and headers). */
export function codeOf(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => (/^\s*\/\//.test(line) ? '' : line.replace(/\s\/\/\s.*$/, '')))
    .join('\n');
}

/** The broken rules of one file: "path:line: what". */
export function httpBelowEdge(file: string, source: string): string[] {
  const top = file.split('/')[0];
  const found: string[] = [];
  codeOf(source)
    .split('\n')
    .forEach((line, i) => {
      for (const rule of RULES) if (rule.folders.includes(top) && rule.pattern.test(line)) found.push(`${file}:${i + 1}: ${rule.what}`);
    });
  return found;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...filesUnder(rel));
    else if (/\.ts$/.test(e.name)) out.push(rel);
  }
  return out;
}

test('the rule itself: statuses, base URLs, route paths and hapi below the edge are caught; kinds, links and comments are not', (t) => {
  const caught = (file: string, line: string) => httpBelowEdge(file, line).length > 0;
  t.true(caught('domain/media/media-store.ts', "throw new DomainError(413, 'file_too_large', 'too big');"));
  t.true(caught('domain/shared/scoped-rows.ts', "    super(404, 'not_found', `${what} not found.`);"));
  t.true(caught('domain/kyc/kyc-client.ts', "return new DomainError(503, 'kyc_unavailable', 'down', null, { 'Retry-After': '5' });"));
  t.true(caught('workers/handlers/store-invoice.ts', 'const withHttpStatus = (o) => ({ http_status: BULK_STORE_STATUS[o.status] });'));
  t.true(caught('workers/handlers/store-invoice.ts', 'if (err instanceof DomainError && err.statusCode < 500) return;'));
  t.true(caught('domain/reports/report-service.ts', 'const base = this.platform.config.publicBaseUrl;'));
  t.true(caught('domain/shared/listing.ts', 'const url = new URL(at.path, at.baseUrl);'));
  t.true(caught('domain/support/ticket-presenter.ts', 'return `${base}/api/support-tickets/${id}/`;'));
  t.true(caught('domain/catalog/product-service.ts', "const url = base + '/media/' + p;"));
  t.true(caught('domain/shared/actor.ts', "import type { Request } from '@hapi/hapi';"));
  t.false(caught('domain/media/media-store.ts', "throw new DomainError('too_large', 'file_too_large', 'too big', null, 5);"));
  t.false(caught('domain/support/ticket-presenter.ts', 'return this.platform.links.ticketAttachment(ticketId, attachmentId);'));
  t.false(caught('domain/shared/rate-limits.ts', '  /** Spends one point; throws RateLimited (429 with Retry-After) when none is left. */'));
  t.false(caught('domain/catalog/gtin.ts', '// GET /api/products/ and PUBLIC_BASE_URL in a comment'));
  t.false(caught('gateway/http/errors.ts', "new EdgeError('too_large', 'payload_too_large', 'x', null, { connection: 'close' }); res.code(413).header('Retry-After', '5');"));
  t.false(caught('workers/ocr/measure-page.ts', 'const hist = new Uint32Array(256);'));
});

test('no HTTP status, header, base URL, route path or hapi in domain/ (nor statuses in jobs/ and workers/)', (t) => {
  const found = ['domain', 'jobs', 'workers'].flatMap((dir) => filesUnder(dir).flatMap((f) => httpBelowEdge(f, fs.readFileSync(path.join(ROOT, f), 'utf8'))));
  t.deepEqual(found, [], found.join('\n'));
});
