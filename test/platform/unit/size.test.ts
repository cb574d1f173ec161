// The size rule of ARCHITECTURE.md ("Names"): an app file over 300 lines says why in a
// first line starting "// Size:", and no function of the domain passes 50 lines (a
// longer one hides a named step). Functions are found with the TypeScript parser.
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from '../../helpers/processes.js';

const APP = ['gateway', 'domain', 'workers', 'jobs', 'db', 'kyc', 'scripts'];
const MAX_FILE_LINES = 300;
const MAX_DOMAIN_FUNCTION_LINES = 50;

function tsFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return tsFiles(rel);
    return e.name.endsWith('.ts') ? [rel] : [];
  });
}

const lineCount = (source: string) => source.split('\n').length - (source.endsWith('\n') ? 1 : 0);

test(`app files over ${MAX_FILE_LINES} lines say why at their top`, (t) => {
  const silent = APP.flatMap(tsFiles).filter((f) => {
    const source = fs.readFileSync(path.join(ROOT, f), 'utf8');
    return lineCount(source) > MAX_FILE_LINES && !source.startsWith('// Size:');
  });
  t.deepEqual(silent, [], 'split these files along the domain, or give a one-line "// Size: <why>" at the top');
});

test(`no function of the domain passes ${MAX_DOMAIN_FUNCTION_LINES} lines`, (t) => {
  const long: string[] = [];
  for (const f of tsFiles('domain')) {
    const src = ts.createSourceFile(f, fs.readFileSync(path.join(ROOT, f), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node) => {
      if (ts.isFunctionLike(n) && 'body' in n && n.body) {
        const from = src.getLineAndCharacterOfPosition(n.getStart()).line;
        const to = src.getLineAndCharacterOfPosition(n.getEnd()).line;
        if (to - from + 1 > MAX_DOMAIN_FUNCTION_LINES) long.push(`${f}:${from + 1} (${to - from + 1} lines)`);
      }
      ts.forEachChild(n, visit);
    };
    visit(src);
  }
  t.deepEqual(long, [], 'name the hidden step of each and move it out');
});
