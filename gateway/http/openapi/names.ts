// Names for the schemas hapi-swagger calls Model1, Model2…: joi objects nobody gave a
// `.label()` (unlabelled arrays and enums are written where they are used, labels.ts).
// A client generator turns those into type names, so each gets one taken from where it
// is used (its parent schema and property, or its operation), the same on every build
// of the same routes. The OpenAPI test fails on such a name: the route should label it.
type Json = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, Json>>;
  components: { schemas?: Record<string, Json> };
}

export const ANONYMOUS = /^Model\d+$/;
const REF = '#/components/schemas/';
const pascal = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');

/** where each schema is first referenced: a list of path segments from the document root */
function firstUses(document: Document): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  const walk = (node: unknown, at: string[]) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((v, i) => walk(v, [...at, String(i)]));
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(REF)) {
        const name = value.slice(REF.length);
        if (!uses.has(name)) uses.set(name, at);
      } else walk(value, [...at, key]);
    }
  };
  walk(document.paths, ['paths']);
  walk(document.components.schemas, ['schemas']);
  return uses;
}

/** a name from a use site: Owner + Property (+ Item), or Operation + Body / Response / Parameter */
function nameFrom(at: string[], document: Document): string | null {
  if (at[0] === 'schemas') {
    if (ANONYMOUS.test(at[1])) return null; // its parent is named first
    const words = at.slice(2).filter((s) => !['properties', 'anyOf', 'oneOf', 'allOf', 'schema', 'additionalProperties'].includes(s) && !/^\d+$/.test(s));
    return at[1] + words.map((w) => (w === 'items' ? 'Item' : pascal(w))).join('');
  }
  const [, path, method, part, ...rest] = at;
  const operation = document.paths[path]?.[method] as { operationId?: string } | undefined;
  const base = pascal((operation?.operationId ?? `${method} ${path}`).replace(/^(get|post|put|patch|delete)Api/, '$1'));
  if (part === 'requestBody') return `${base}Body`;
  if (part === 'responses') return `${base}Response${rest[0] === '200' ? '' : rest[0]}`;
  if (part === 'parameters') return `${base}Parameter`;
  return `${base}Schema`;
}

export function nameAnonymousSchemas(document: Document): void {
  const schemas = document.components.schemas ?? {};
  for (let pass = 0; pass < 20; pass++) {
    const uses = firstUses(document);
    const renames = new Map<string, string>();
    for (const name of Object.keys(schemas).filter((n) => ANONYMOUS.test(n))) {
      const at = uses.get(name);
      const wanted = at ? nameFrom(at, document) : `Unused${name.slice(5)}Schema`;
      if (!wanted) continue;
      let unique = wanted;
      for (let i = 2; unique in schemas || [...renames.values()].includes(unique); i++) unique = `${wanted}${i}`;
      renames.set(name, unique);
    }
    if (!renames.size) return;
    for (const [from, to] of renames) {
      schemas[to] = schemas[from];
      delete schemas[from];
    }
    rewriteRefs(document, renames);
  }
}

function rewriteRefs(node: unknown, renames: Map<string, string>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((v) => rewriteRefs(v, renames));
  const obj = node as Json;
  if (typeof obj.$ref === 'string' && obj.$ref.startsWith(REF)) {
    const to = renames.get(obj.$ref.slice(REF.length));
    if (to) obj.$ref = REF + to;
  }
  for (const value of Object.values(obj)) rewriteRefs(value, renames);
}
