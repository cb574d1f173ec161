// The documentation stays usable from a clone: the README remains a short front door
// that states how to run and test the platform, and no relative link in the Markdown
// points at a file that was moved or never written.
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const README_MAX_LINES = 150;
/** Generated from jobs/runtime/config.ts by a separate step; links to it are checked once it exists. */
const GENERATED_CONFIGURATION = 'docs/configuration.md';

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(rel);
    return entry.name.endsWith('.md') ? [rel] : [];
  });
}

/** Link targets of inline links and reference definitions, outside fenced blocks and code spans. */
function linkTargets(markdown: string): string[] {
  const prose = markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/`[^`\n]*`/g, '');
  const inline = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]);
  return [...inline, ...references];
}

const isRelative = (target: string) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#') && !target.startsWith('//');

/** The repository path a relative link from `file` names, anchors and queries dropped. */
function resolveLink(file: string, target: string): string {
  const bare = decodeURIComponent(target.replace(/[#?].*$/, ''));
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), bare));
}

test('the link extractor skips code, external links and bare anchors', (t) => {
  const sample = [
    'See [a](docs/a.md#part), ![pic](img/p.png "title") and [web](https://example.com).',
    'Code `[b](not-a-link.md)` and [top](#top).',
    '```sh',
    '[c](inside-a-fence.md)',
    '```',
    '[ref]: ../other.md',
  ].join('\n');
  t.deepEqual(linkTargets(sample).filter(isRelative), ['docs/a.md#part', 'img/p.png', '../other.md']);
  t.is(resolveLink('docs/areas/x.md', '../spec/platform-api.md#errors'), 'docs/spec/platform-api.md');
});

test(`README.md is at most ${README_MAX_LINES} lines`, (t) => {
  const lines = read('README.md').replace(/\n$/, '').split('\n').length;
  t.true(lines <= README_MAX_LINES, `README.md has ${lines} lines; move detail into docs/`);
});

test('README.md states how to run and how to test the platform', (t) => {
  const readme = read('README.md');
  t.true(readme.includes('npm ci && npm start'), 'README.md must state `npm ci && npm start`');
  t.true(readme.includes('npm test'), 'README.md must state `npm test`');
});

test('every relative link in README.md, ARCHITECTURE.md and docs/ resolves to a file', (t) => {
  const files = ['README.md', 'ARCHITECTURE.md', ...markdownFiles('docs')];
  const broken: string[] = [];
  let checked = 0;
  for (const file of files) {
    for (const target of linkTargets(read(file)).filter(isRelative)) {
      const resolved = resolveLink(file, target);
      const full = path.join(ROOT, resolved);
      if (resolved === GENERATED_CONFIGURATION && !fs.existsSync(full)) continue;
      checked += 1;
      if (!fs.existsSync(full) || !fs.statSync(full).isFile()) broken.push(`${file}: ${target} -> ${resolved}`);
    }
  }
  t.deepEqual(broken, []);
  // the README alone links to several pages: a check that sees no link is checking nothing
  t.true(checked >= 10, `only ${checked} relative links found`);
});

test('the spec is referred to at its place in the repository', (t) => {
  const files = ['README.md', 'ARCHITECTURE.md', ...markdownFiles('docs')];
  const outside = files.filter((file) => read(file).includes('shared/spec/'));
  t.deepEqual(outside, [], 'refer to docs/spec/platform-api.md');
  t.true(fs.existsSync(path.join(ROOT, 'docs/spec/platform-api.md')));
});
