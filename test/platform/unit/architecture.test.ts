// The floor rule of ARCHITECTURE.md, checked over the import graph: every import
// (static, type-only, side-effect, export-from, dynamic) of every TypeScript file is
// resolved and judged against the floor its file stands on. A new arrow pointing up
// fails here with the file, the import and the rule it breaks.
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../helpers/processes.js';

/**
 * The floors of ARCHITECTURE.md, lowest first. A file stands on the most specific floor
 * whose folder holds it; it may import its own floor and the floors named in `uses`.
 * Tests stand on no floor (they import anything); scripts import anything but tests.
 */
export const FLOORS: { name: string; folder: string; uses: string[]; noPackages?: string[] }[] = [
  { name: 'kernel', folder: 'jobs/runtime', uses: [], noPackages: ['@hapi/', 'ws'] },
  { name: 'contract', folder: 'jobs', uses: ['jobs/runtime'], noPackages: ['@hapi/', 'ws'] },
  { name: 'data', folder: 'db', uses: ['jobs'], noPackages: ['@hapi/', 'ws'] },
  { name: 'domain', folder: 'domain', uses: ['db', 'jobs'], noPackages: ['@hapi/', 'ws'] },
  { name: 'shared HTTP', folder: 'gateway/http', uses: ['db', 'jobs'] },
  { name: 'edge', folder: 'gateway', uses: ['gateway/http', 'domain', 'db', 'jobs'] },
  { name: 'kyc', folder: 'kyc', uses: ['gateway/http', 'db', 'jobs'] },
  { name: 'workers', folder: 'workers', uses: ['kyc', 'domain', 'db', 'jobs'] },
  { name: 'tools', folder: 'scripts', uses: ['workers', 'kyc', 'gateway', 'domain', 'db', 'jobs'] },
];
const FOLDERS = [...new Set(FLOORS.map((f) => f.folder.split('/')[0])), 'scripts', 'test'];
/** this file: its example imports are strings, not imports */
const SELF = 'test/platform/unit/architecture.test.ts';
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
/** the floor a repository path stands on: the most specific folder holding it */
const floorOf = (p: string) =>
  FLOORS.filter((f) => under(p, f.folder)).sort((a, b) => b.folder.length - a.folder.length)[0];

/** Why this import breaks the floor rule, or null when it is allowed. */
export function violation(e: Edge): string | null {
  const { from, to } = e;
  if (under(from, 'test')) return null;
  const floor = floorOf(from);
  if (!e.local) {
    const banned = floor?.noPackages?.find((p) => (p.endsWith('/') ? to.startsWith(p) : to === p));
    return banned ? `the ${floor!.name} floor (${floor!.folder}/) knows no web framework or socket (${to})` : null;
  }
  if (under(to, 'test')) return 'only tests import test code';
  if (!floor) return null;
  const target = floorOf(to);
  if (!target || target === floor) return null;
  // a floor's own sub-floors (gateway -> gateway/http) count as listed when named in `uses`
  if (floor.uses.some((u) => under(target.folder, u))) return null;
  return `the ${floor.name} floor (${floor.folder}/) may import only ${floor.uses.join(', ') || 'itself'}, not ${target.folder}/`;
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
  t.truthy(judge('db/platform.ts', '../domain/index.js'));
  t.truthy(judge('jobs/runtime/entry.ts', '../../db/connectivity.js'));
  t.truthy(judge('jobs/catalog.ts', '../workers/registry.js'));
  t.truthy(judge('kyc/server.ts', '../gateway/routes/schemas.js'));
  t.truthy(judge('kyc/server.ts', '../gateway/plugins/scope.js'));
  t.truthy(judge('kyc/server.ts', '../domain/index.js'));
  t.truthy(judge('gateway/http/errors.ts', '../../domain/shared/scope.js'));
  t.truthy(judge('gateway/http/errors.ts', '../plugins/auth.js'));
  t.truthy(judge('domain/shared/listing.ts', '@hapi/hapi'));
  t.truthy(judge('domain/shared/listing.ts', 'ws'));
  t.truthy(judge('domain/shared/listing.ts', '../../gateway/routes/schemas.js'));
  t.truthy(judge('domain/invoice-import/invoice-import-service.ts', '../../workers/invoice/extract.js'));
  t.truthy(judge('domain/kyc/kyc-service.ts', '../../kyc/services/index.js'));
  t.truthy(judge('gateway/routes/invoice-import/preview.ts', '../../../workers/invoice/formats/sniff.js'));
  t.truthy(judge('gateway/routes/kyc/status.ts', '../../../kyc/services/index.js'));
  t.truthy(judge('workers/runner.ts', '../gateway/server.js'));
  t.truthy(judge('workers/handlers/x.ts', '../../gateway/http/errors.js'));
  t.truthy(judge('scripts/bench/invoice-import.ts', '../../test/factories/invoices.js'));
  t.truthy(importsOf('domain/x.ts', "const m = await import('../gateway/routes/y.js');").map(violation)[0], 'dynamic imports count');
  t.truthy(importsOf('domain/x.ts', "import type { Request } from '@hapi/hapi';").map(violation)[0], 'type-only imports count');
  // down or sideways: allowed
  t.is(judge('kyc/server.ts', '../gateway/http/errors.js'), null);
  t.is(judge('kyc/server.ts', '../jobs/kyc-contract.js'), null);
  t.is(judge('gateway/server.ts', './http/security-headers.js'), null);
  t.is(judge('db/platform.ts', '../jobs/queues.js'), null);
  t.is(judge('workers/handlers/parse-invoice.ts', '../../domain/index.js'), null);
  t.is(judge('workers/handlers/repull-applicant.ts', '../../kyc/services/index.js'), null);
  t.is(judge('domain/kyc/kyc-mirror-service.ts', '../../jobs/kyc-contract.js'), null);
  t.is(judge('gateway/routes/inventory/storages/list.ts', '../../collection-routes.js'), null);
  t.is(judge('test/platform/x.test.ts', '../../workers/runner.js'), null);
  t.is(judge('scripts/bench/ledger.ts', '../../gateway/server.js'), null);
});

test('no two top-level folders import each other', (t) => {
  const arrows = new Set<string>();
  for (const file of sourceFiles().filter((f) => !under(f, 'test'))) {
    for (const edge of importsOf(file, fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
      const [a, b] = [edge.from.split('/')[0], edge.to.split('/')[0]];
      if (edge.local && a !== b) arrows.add(`${a}>${b}`);
    }
  }
  const both = [...arrows].filter((x) => arrows.has(x.split('>').reverse().join('>')));
  t.deepEqual(both, []);
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

test('every path ARCHITECTURE.md names exists (its examples are real files)', (t) => {
  const text = fs.readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8');
  const named = [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1])
    // repository paths only: no URLs, placeholders, globs or code
    .filter((p) => /^[a-z][\w.-]*\/[\w./-]*$/.test(p) && !p.includes('YYYY'));
  t.true(named.length > 30, `read ${named.length} paths`);
  t.deepEqual(named.filter((p) => !fs.existsSync(path.join(ROOT, p))), []);
});
