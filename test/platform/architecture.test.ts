// The floor rule of ARCHITECTURE.md, checked over the import graph: every import
// (static, type-only, side-effect, export-from, dynamic) of every TypeScript file is
// resolved and judged against the floor its file stands on. A new arrow pointing up
// fails here with the file, the import and the rule it breaks.
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers/processes.js';

const FOLDERS = ['gateway', 'workers', 'jobs', 'db', 'kyc', 'scripts', 'test'];
/** this file: its example imports are strings, not imports */
const SELF = 'test/platform/architecture.test.ts';
/**
 * The HTTP edge both servers (gateway and kyc) share: the error contract, security
 * headers and the input guard. The only gateway modules kyc/ may import; each is
 * self-contained (imports nothing else from gateway/).
 */
const SHARED_HTTP = ['gateway/plugins/errors.ts', 'gateway/plugins/security-headers.ts', 'gateway/plugins/input-guard.ts'];
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g;

interface Edge {
  from: string;
  /** repository path of a local module, or the package name */
  to: string;
  local: boolean;
}

export function importsOf(file: string, source: string): Edge[] {
  const edges: Edge[] = [];
  for (const m of source.matchAll(IMPORT)) {
    const spec = m[2];
    if (spec.startsWith('.')) {
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '.ts');
      edges.push({ from: file, to, local: true });
    } else {
      const pkg = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      edges.push({ from: file, to: pkg, local: false });
    }
  }
  return edges;
}

const under = (p: string, ...dirs: string[]) => dirs.some((d) => p === d || p.startsWith(`${d}/`));

/** Why this import breaks the floor rule, or null when it is allowed. */
export function violation(e: Edge): string | null {
  const { from, to } = e;
  if (!e.local) {
    if (under(from, 'gateway/services') && to.startsWith('@hapi/')) return 'gateway/services is the domain: no hapi (take plain values)';
    if (under(from, 'jobs', 'db') && to.startsWith('@hapi/')) return 'the ground floor knows no web framework';
    return null;
  }
  if (!under(from, 'test') && under(to, 'test')) return 'only tests import test code';
  if (under(from, 'jobs/runtime') && !under(to, 'jobs/runtime')) return 'the kernel (jobs/runtime) imports nothing above it';
  if (under(from, 'jobs') && under(to, 'db', 'gateway', 'workers', 'kyc', 'scripts')) return 'jobs/ (the contract) imports only jobs/';
  if (under(from, 'db') && under(to, 'gateway', 'workers', 'kyc', 'scripts')) return 'db/ imports only db/ and jobs/';
  if (under(from, 'kyc') && under(to, 'gateway') && !SHARED_HTTP.includes(to)) return `kyc/ imports from gateway/ only the shared HTTP edge (${SHARED_HTTP.join(', ')})`;
  if (SHARED_HTTP.includes(from) && under(to, 'gateway')) return 'a shared HTTP plugin is self-contained: it imports nothing else from gateway/';
  if (under(from, 'kyc') && under(to, 'workers', 'scripts')) return 'kyc/ imports no workers or scripts';
  if (under(from, 'gateway') && under(to, 'workers', 'scripts')) return 'the gateway never imports a worker (the extraction engines stay in workers/)';
  if (under(from, 'gateway/services') && under(to, 'gateway') && !under(to, 'gateway/services')) return 'gateway/services imports no route, plugin, realtime or server module';
  if (under(from, 'gateway', 'workers') && under(to, 'kyc') && to !== 'kyc/contract.ts' && !under(from, 'workers/handlers')) return 'outside the kyc worker handlers, only kyc/contract.ts (the interface) is imported from kyc/';
  if (under(from, 'workers') && under(to, 'gateway') && !under(to, 'gateway/services')) return 'workers use the domain (gateway/services), not the web edge';
  if (under(from, 'workers') && under(to, 'scripts')) return 'workers import no scripts';
  return null;
}

function sourceFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== 'node_modules') walk(rel);
      } else if (/\.(ts|mts)$/.test(e.name) && !e.name.endsWith('.d.ts') && rel !== SELF) {
        out.push(rel);
      }
    }
  };
  for (const f of FOLDERS) if (fs.existsSync(path.join(ROOT, f))) walk(f);
  return out;
}

test('the rule itself: arrows pointing up are caught, arrows pointing down are not', (t) => {
  const judge = (from: string, spec: string) => importsOf(from, `import x from '${spec}';`).map(violation)[0];
  // up: refused
  t.truthy(judge('db/platform.ts', '../gateway/services/index.js'));
  t.truthy(judge('jobs/runtime/entry.ts', '../../db/connectivity.js'));
  t.truthy(judge('jobs/catalog.ts', '../workers/registry.js'));
  t.truthy(judge('kyc/server.ts', '../gateway/routes/schemas.js'));
  t.truthy(judge('kyc/server.ts', '../gateway/plugins/scope.js'));
  t.truthy(judge('gateway/plugins/errors.ts', '../services/scope.js'));
  t.truthy(judge('gateway/services/listing.ts', '@hapi/hapi'));
  t.truthy(judge('gateway/services/listing.ts', '../routes/schemas.js'));
  t.truthy(judge('gateway/services/invoice-import/invoice-import-service.ts', '../../../workers/invoice/extract.js'));
  t.truthy(judge('gateway/routes/invoice-import/preview.ts', '../../../workers/invoice/formats/sniff.js'));
  t.truthy(judge('workers/runner.ts', '../gateway/server.js'));
  t.truthy(judge('scripts/bench/invoice-import.ts', '../../test/factories/invoices.js'));
  t.truthy(judge('gateway/services/kyc-service.ts', '../../kyc/services/index.js'));
  t.truthy(importsOf('gateway/services/x.ts', "const m = await import('../routes/y.js');").map(violation)[0], 'dynamic imports count');
  t.truthy(importsOf('gateway/services/x.ts', "import type { Request } from '@hapi/hapi';").map(violation)[0], 'type-only imports count');
  // down or sideways: allowed
  t.is(judge('kyc/server.ts', '../gateway/plugins/errors.js'), null);
  t.is(judge('kyc/server.ts', '../gateway/plugins/security-headers.js'), null);
  t.is(judge('db/platform.ts', '../jobs/queues.js'), null);
  t.is(judge('workers/handlers/parse-invoice.ts', '../../gateway/services/index.js'), null);
  t.is(judge('workers/handlers/repull-applicant.ts', '../../kyc/services/index.js'), null);
  t.is(judge('gateway/services/kyc-mirror-service.ts', '../../kyc/contract.js'), null);
  t.is(judge('gateway/routes/storages/list.ts', '../collection-routes.js'), null);
  t.is(judge('test/platform/x.test.ts', '../../workers/runner.js'), null);
  t.is(judge('scripts/bench/ledger.ts', '../../gateway/server.js'), null);
});

test('every import in the repository keeps to the floor rule (ARCHITECTURE.md)', (t) => {
  const files = sourceFiles();
  t.true(files.length > 100, `read ${files.length} files`);
  const broken: string[] = [];
  for (const file of files) {
    for (const edge of importsOf(file, fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
      const why = violation(edge);
      if (why) broken.push(`${edge.from} -> ${edge.to}: ${why}`);
    }
  }
  t.deepEqual(broken, [], `imports that break the floor rule:\n${broken.join('\n')}`);
});

test('local imports name files that exist (a moved module leaves no stale path behind)', (t) => {
  const missing: string[] = [];
  for (const file of sourceFiles()) {
    for (const edge of importsOf(file, fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
      if (edge.local && !fs.existsSync(path.join(ROOT, edge.to)) && !fs.existsSync(path.join(ROOT, edge.to.replace(/\.ts$/, '.mts')))) missing.push(`${edge.from} -> ${edge.to}`);
    }
  }
  t.deepEqual(missing, []);
});

test('objection models are never bound to a global knex (Model.knex(...)): every query names its knex or transaction', (t) => {
  const offenders = sourceFiles().filter((f) => !f.startsWith('test/') && /\bModel\.knex\(|\b[A-Z]\w*\.knex\(\s*\w/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
  t.deepEqual(offenders, []);
});
