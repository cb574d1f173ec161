// Which schemas of the document are types someone named. hapi-swagger makes a component
// of every object, array and string enum it meets, naming the unlabelled ones after the
// property that holds them (`status`, `results`, `tags`…) or Model1, Model2…, and keeps
// the members of joi alternatives apart under a non-standard `x-alt-definitions`. Here:
// the alternatives' schemas join components.schemas, and an array or enum nobody gave a
// `.label()` is written where it is used (a client generator makes a literal union or
// an array type of it, with no invented name). What is left are the routes' `.label()`s;
// an unlabelled object still gets a derived name (names.ts), and the OpenAPI test fails
// on it.
import type { Server } from '@hapi/hapi';
import { ANONYMOUS } from './names.js';

type Json = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, Json>>;
  components: { schemas?: Record<string, Json> };
  'x-alt-definitions'?: Record<string, Json>;
}

const SCHEMAS = '#/components/schemas/';
const ALT_COPY = '_alt';
const ALT = '#/x-alt-definitions/';

interface JoiDescribable {
  describe(): unknown;
}
const isJoi = (value: unknown): value is JoiDescribable => !!value && typeof (value as JoiDescribable).describe === 'function';

/** Every `.label()` on the joi schemas of the server's routes (validation, answers and the error answers documented beside them). */
export function joiLabels(server: Server): Set<string> {
  const labels = new Set<string>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const description = node as { type?: unknown; flags?: { label?: unknown } };
    if (typeof description.type === 'string' && typeof description.flags?.label === 'string') labels.add(description.flags.label);
    Object.values(node).forEach(walk);
  };
  for (const route of server.table()) {
    const { validate, response, plugins } = route.settings as { validate?: Record<string, unknown>; response?: { status?: Record<string, unknown>; schema?: unknown }; plugins?: Record<string, unknown> };
    const documented = (plugins?.['hapi-swagger'] as { responses?: Record<string, { schema?: unknown }> } | undefined)?.responses ?? {};
    const schemas = [...Object.values(validate ?? {}), ...Object.values(response?.status ?? {}), response?.schema, ...Object.values(documented).map((r) => r.schema)];
    for (const schema of schemas) if (isJoi(schema)) walk(schema.describe());
  }
  return labels;
}

/** Moves the alternatives' schemas into components.schemas (the same schema under the same name is kept once). */
export function adoptAltDefinitions(document: Document): void {
  const alt = document['x-alt-definitions'];
  delete document['x-alt-definitions'];
  if (!alt) return;
  const schemas = (document.components.schemas ??= {});
  const renames = new Map<string, string>();
  const pointed = (schema: Json) => JSON.stringify(schema).replaceAll(`"${ALT}`, `"${SCHEMAS}`);
  for (const [name, schema] of Object.entries(alt)) {
    if (schemas[name] && pointed(schemas[name]) === pointed(schema)) {
      renames.set(name, name);
      continue;
    }
    // a clash is set apart: an unlabelled one as the next ModelN (names.ts names it), a
    // labelled one under a name that does not look given (the same schema once its leaves
    // are inlined, or a variant of it: referToLabelledVariants)
    let unique = name;
    if (ANONYMOUS.test(name)) for (let i = 1; unique in schemas || unique in alt; i++) unique = `Model${i}`;
    else for (let i = 1; unique in schemas; i++) unique = `${name}${ALT_COPY}${i}`;
    schemas[unique] = schema;
    renames.set(name, unique);
  }
  const repoint = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(repoint);
    const obj = node as Json;
    if (typeof obj.$ref === 'string' && obj.$ref.startsWith(ALT)) obj.$ref = SCHEMAS + (renames.get(obj.$ref.slice(ALT.length)) ?? obj.$ref.slice(ALT.length));
    Object.values(obj).forEach(repoint);
  };
  repoint(document.paths);
  repoint(schemas);
}

/** An enum, an array, a free-form object or a plain value: a shape, not a type of its own. */
const isLeaf = (schema: Json) => !schema.properties && !schema.anyOf && !schema.oneOf && !schema.allOf;

/** Writes every unlabelled leaf schema where it is used and drops its component. */
export function inlineUnlabelledLeaves(document: Document, labels: Set<string>): void {
  const schemas = document.components.schemas ?? {};
  // a leaf may hold another (an array of enums): repeat until none is left
  for (let pass = 0; pass < 20; pass++) {
    const inline = new Map(Object.entries(schemas).filter(([name, schema]) => !labels.has(name) && isLeaf(schema)));
    if (!inline.size) return;
    for (const name of inline.keys()) delete schemas[name];
    const replace = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(replace);
      const obj = node as Json;
      const target = typeof obj.$ref === 'string' && obj.$ref.startsWith(SCHEMAS) ? inline.get(obj.$ref.slice(SCHEMAS.length)) : undefined;
      if (target) {
        delete obj.$ref;
        // the use site's own words (a description) win over the shared schema's
        for (const [key, value] of Object.entries(structuredClone(target))) if (!(key in obj)) obj[key] = value;
      }
      Object.values(obj).forEach(replace);
    };
    replace(document.paths);
    replace(schemas);
  }
}

/**
 * hapi-swagger writes a labelled schema used with its own description, or with null
 * allowed, as a second component (ModelN, or a copy of an alternative): it is the
 * labelled one, referred to through allOf, which carries the use's description and
 * nullable (OpenAPI 3.0 ignores siblings of a $ref).
 */
export function referToLabelledVariants(document: Document, labels: Set<string>): void {
  const schemas = document.components.schemas ?? {};
  const USE_WORDS = ['description', 'nullable'];
  const core = (schema: Json) => JSON.stringify(Object.fromEntries(Object.entries(schema).filter(([key]) => !USE_WORDS.includes(key))));
  const labelled = new Map<string, string>();
  for (const name of Object.keys(schemas)) if (labels.has(name)) labelled.set(core(schemas[name]), name);
  const variants = new Map<string, { name: string; words: Json }>();
  for (const [name, schema] of Object.entries(schemas)) {
    const original = labels.has(name) ? undefined : labelled.get(core(schema));
    if (!original) continue;
    const words = Object.fromEntries(Object.entries(schema).filter(([key]) => USE_WORDS.includes(key) && JSON.stringify(schema[key]) !== JSON.stringify(schemas[original][key])));
    // OpenAPI 3.0 wants a type beside nullable
    if (words.nullable && schemas[original].type) words.type = schemas[original].type;
    variants.set(name, { name: original, words });
  }
  for (const name of variants.keys()) delete schemas[name];
  const repoint = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(repoint);
    const obj = node as Json;
    const variant = typeof obj.$ref === 'string' && obj.$ref.startsWith(SCHEMAS) ? variants.get(obj.$ref.slice(SCHEMAS.length)) : undefined;
    if (variant && Object.keys(variant.words).length) {
      delete obj.$ref;
      Object.assign(obj, { allOf: [{ $ref: SCHEMAS + variant.name }] }, variant.words);
    } else if (variant) obj.$ref = SCHEMAS + variant.name;
    Object.values(obj).forEach(repoint);
  };
  repoint(document.paths);
  repoint(schemas);
}
