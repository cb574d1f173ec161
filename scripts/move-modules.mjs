// Moves TypeScript modules with `git mv` and rewrites every relative import specifier
// (static, export-from, side-effect, dynamic) across the source folders so that they
// point at the new paths; optionally moves named exports between modules.
// usage: node scripts/move-modules.mjs scripts/moves/<plan>.json [--dry]
// Idempotent: moves already made are skipped, so after merging main an engineer can
// rerun a plan to point their own new files at the new paths.
// plan: { "files": { "old/path.ts": "new/path.ts" }, "symbols": [{ "from": "a.ts", "to": "b.ts", "names": ["X"] }] }
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const ROOTS = ['gateway', 'workers', 'jobs', 'db', 'kyc', 'scripts', 'test'];
const [planFile, flag] = process.argv.slice(2);
const dry = flag === '--dry';
const plan = JSON.parse(fs.readFileSync(planFile, 'utf8'));
const files = plan.files ?? {};
const symbols = plan.symbols ?? [];
const norm = (p) => path.posix.normalize(p);
const reverse = {}; // new path -> old path, for files moved in this run only

for (const [from, to] of Object.entries(files)) {
  if (!fs.existsSync(from)) { if (fs.existsSync(to)) continue; throw new Error(`missing ${from}`); }
  fs.mkdirSync(path.dirname(to), { recursive: true });
  if (!dry) execFileSync('git', ['mv', from, to]);
  reverse[norm(to)] = norm(from);
  console.log(`mv ${from} -> ${to}`);
}

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.posix.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(ts|mts|mjs|js)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const toTs = (p) => p.replace(/\.js$/, '.ts');
function specifierFor(fromFile, target, original) {
  let rel = path.posix.relative(path.posix.dirname(fromFile), target);
  if (!rel.startsWith('.')) rel = './' + rel;
  return original.endsWith('.js') ? rel.replace(/\.ts$/, '.js') : rel.replace(/\.ts$/, original.match(/\.(ts|mjs)$/) ? rel.match(/\.\w+$/)[0] : '');
}

const SPEC = /((?:\bfrom|\bimport)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+)\2/g;
let changed = 0;
for (const file of ROOTS.flatMap((r) => walk(r))) {
  const oldFile = reverse[file] ?? file;
  const src = fs.readFileSync(file, 'utf8');
  let out = src.replace(SPEC, (all, head, q, spec) => {
    const oldTarget = norm(path.posix.join(path.posix.dirname(oldFile), spec));
    const oldTs = toTs(oldTarget);
    const newTs = files[oldTs] ? norm(files[oldTs]) : oldTs;
    const next = specifierFor(file, newTs, spec);
    return next === spec ? all : `${head}${q}${next}${q}`;
  });
  // named exports that moved to another module
  for (const s of symbols) {
    const fromTs = norm(files[s.from] ?? s.from);
    const toTsPath = norm(files[s.to] ?? s.to);
    if (file === toTsPath) continue;
    out = out.replace(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])(\.{1,2}\/[^'"]+)\3;?/g, (all, typeKw, names, q, spec) => {
      const target = norm(path.posix.join(path.posix.dirname(file), toTs(spec)));
      if (target !== fromTs) return all;
      const parts = names.split(',').map((x) => x.trim()).filter(Boolean);
      const base = (x) => x.replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim();
      const moving = parts.filter((x) => s.names.includes(base(x)));
      if (!moving.length) return all;
      const staying = parts.filter((x) => !s.names.includes(base(x)));
      const tk = typeKw ?? '';
      const lines = [];
      if (staying.length) lines.push(`import ${tk}{ ${staying.join(', ')} } from ${q}${spec}${q};`);
      lines.push(`import ${tk}{ ${moving.join(', ')} } from ${q}${specifierFor(file, toTsPath, spec)}${q};`);
      return lines.join('\n');
    });
  }
  // one import declaration per module and kind (only files that now have two)
  {
    const re = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])([^'"]+)\3;?\n?/g;
    const groups = new Map();
    for (const m of out.matchAll(re)) {
      const key = `${m[1] ? 'type ' : ''}${m[4]}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(m);
    }
    const edits = [];
    for (const [key, ms] of groups) {
      if (ms.length < 2) continue;
      const parts = [];
      for (const m of ms) for (const x of m[2].split(',').map((y) => y.trim()).filter(Boolean)) if (!parts.includes(x)) parts.push(x);
      const type = key.startsWith('type ') ? 'type ' : '';
      edits.push({ at: ms[0].index, len: ms[0][0].length, text: `import ${type}{ ${parts.join(', ')} } from '${ms[0][4]}';\n` });
      for (const m of ms.slice(1)) edits.push({ at: m.index, len: m[0].length, text: '' });
    }
    edits.sort((a, b) => b.at - a.at);
    for (const e of edits) out = out.slice(0, e.at) + e.text + out.slice(e.at + e.len);
  }
  if (out !== src) {
    changed++;
    if (!dry) fs.writeFileSync(file, out);
    else console.log(`would rewrite ${file}`);
  }
}
console.log(`rewrote ${changed} file(s)`);
