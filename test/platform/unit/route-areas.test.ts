// The route areas (gateway/routes/<area>/index.ts) against the files on disk and the
// OpenAPI tags: every route file is registered once, by the area whose folder holds
// it; every documented tag is declared by its area with a description, and every
// declared tag is used.
import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerRoute } from '@hapi/hapi';
import { ROOT } from '../../helpers/processes.js';
import { areas, openApiTagsOfAreas } from '../../../gateway/routes/index.js';
import { openApiTagsOf } from '../../../gateway/routes/area.js';

const ROUTES_DIR = path.join(ROOT, 'gateway/routes');

const isRoute = (value: unknown): value is ServerRoute =>
  typeof value === 'object' && value !== null && typeof (value as ServerRoute).method === 'string' && typeof (value as ServerRoute).path === 'string';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every route a file under gateway/routes exports (as a value or a list), with its file. */
async function routesOnDisk(): Promise<{ file: string; route: ServerRoute }[]> {
  const found: { file: string; route: ServerRoute }[] = [];
  for (const file of sourceFiles(ROUTES_DIR)) {
    const rel = path.relative(ROUTES_DIR, file);
    // an area's index re-exports its files' routes: those are counted at their source
    if (path.basename(rel) === 'index.ts' && rel.split(path.sep).length <= 2) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      for (const route of [value].flat()) if (isRoute(route)) found.push({ file: rel, route });
    }
  }
  return found;
}

const where = (route: ServerRoute) => `${String(route.method)} ${route.path}`;

test('every area is a folder of gateway/routes with an index.ts, listed once', (t) => {
  const names = areas.map((a) => a.name);
  t.deepEqual(names, [...new Set(names)], 'an area is listed twice');
  const folders = fs.readdirSync(ROUTES_DIR, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  t.deepEqual([...folders].sort(), [...names].sort(), 'route folders and registered areas differ');
  for (const name of names) t.true(fs.existsSync(path.join(ROUTES_DIR, name, 'index.ts')), `gateway/routes/${name}/index.ts`);
});

test('every route file is registered exactly once, by the area whose folder holds it', async (t) => {
  const onDisk = await routesOnDisk();
  t.true(onDisk.length > 100, `found only ${onDisk.length} routes on disk`);
  const registeredBy = new Map<ServerRoute, string[]>();
  for (const area of areas) for (const route of area.routes) registeredBy.set(route, [...(registeredBy.get(route) ?? []), area.name]);
  for (const { file, route } of onDisk) {
    const owner = file.split(path.sep)[0];
    t.deepEqual(registeredBy.get(route), [owner], `${where(route)} of gateway/routes/${file}`);
  }
  const fromFiles = new Set(onDisk.map((r) => r.route));
  for (const [route, by] of registeredBy) t.true(fromFiles.has(route), `${where(route)} registered by ${by.join(', ')} comes from no route file`);
  const methodPaths = [...registeredBy.keys()].map(where);
  t.deepEqual(methodPaths.filter((mp, i) => methodPaths.indexOf(mp) !== i), [], 'a method and path registered twice');
});

test('every OpenAPI tag a route uses is declared by its own area with a description', (t) => {
  for (const area of areas) {
    const declared = new Map(area.tags.map((tag) => [tag.name, tag.description]));
    for (const route of area.routes) {
      for (const tag of openApiTagsOf(route)) t.true(declared.has(tag), `${where(route)} uses tag '${tag}', not declared by area ${area.name}`);
    }
    for (const tag of area.tags) t.regex(tag.description, /\S{3,}/, `tag '${tag.name}' of area ${area.name} needs a description`);
  }
});

test('every declared tag is used by a route of its area and declared by one area only', (t) => {
  for (const area of areas) {
    const used = new Set(area.routes.flatMap(openApiTagsOf));
    for (const tag of area.tags) t.true(used.has(tag.name), `area ${area.name} declares '${tag.name}' but no route of it uses the tag`);
  }
  const names = openApiTagsOfAreas(areas).map((tag) => tag.name);
  t.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), [], 'a tag declared by two areas');
});
