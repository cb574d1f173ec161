// What hapi-swagger cannot say from the joi schemas alone, added to its OpenAPI 3.0
// document once after it is built: the relative server, which operations need a token,
// the scope headers the scope plugin reads, the bodiless answers, path parameters of
// routes that validate none, and the schemas reduced to the ones a `.label()` named
// (labels.ts; names.ts names what is left).
import type { RequestRoute, Server } from '@hapi/hapi';
import { nameAnonymousSchemas } from './names.js';
import { adoptAltDefinitions, inlineUnlabelledLeaves, joiLabels, referToLabelledVariants } from './labels.js';

type Json = Record<string, unknown>;
export interface OpenApiDocument extends Json {
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Json>; securitySchemes?: Json; parameters?: Record<string, Json> };
}
export interface Operation extends Json {
  operationId?: string;
  parameters?: Json[];
  responses?: Record<string, Json>;
  security?: Record<string, string[]>[];
}

const SCOPE_PARAMETERS = {
  ProfileType: {
    name: 'X-Profile-Type',
    in: 'header',
    required: false,
    description: 'Whose data the call acts on: self (default) or team (then X-Team-Id is required)',
    schema: { type: 'string', enum: ['self', 'team'] },
  },
  TeamId: {
    name: 'X-Team-Id',
    in: 'header',
    required: false,
    description: 'The team acted for with X-Profile-Type: team; a team the caller is not in is 403',
    schema: { type: 'integer', minimum: 1 },
  },
};

export interface SecurityOptions {
  /** components.securitySchemes */
  schemes: Record<string, Json>;
  /** the requirement an operation states, from its route's auth strategies */
  requirement(strategies: string[]): Record<string, string[]>;
}
interface FinishOptions {
  security: SecurityOptions;
  scopeHeaders?: boolean;
}

export function finishDocument(document: OpenApiDocument, server: Server, options: FinishOptions): OpenApiDocument {
  // relative to the page: Swagger UI's Try it out and generated clients call the origin
  // the document came from (an absolute host breaks behind a proxy and under the CSP)
  document.servers = [{ url: '/', description: 'the origin this document was served from' }];
  if (options.scopeHeaders) document.components.parameters = { ...(document.components.parameters ?? {}), ...SCOPE_PARAMETERS };
  const routes = new Map(server.table().map((route) => [`${route.method} ${route.path}`, route]));
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const route = routes.get(`${method} ${path}`);
      if (route) describeAuth(operation, server, route, options);
      declarePathParameters(path, operation);
      documentBodilessSuccess(method, operation, route);
    }
  }
  typeNullableAlternatives(document);
  adoptAltDefinitions(document);
  const labels = joiLabels(server);
  inlineUnlabelledLeaves(document, labels);
  referToLabelledVariants(document, labels);
  nameAnonymousSchemas(document);
  return document;
}

/** public operations carry no lock; authenticated ones name the bearer scheme and may be scoped */
function describeAuth(operation: Operation, server: Server, route: RequestRoute, options: FinishOptions): void {
  // typed on the request's route only, but hapi's lookup reads just route.settings
  const auth = (server.auth as unknown as { lookup(r: RequestRoute): false | { mode?: string; strategies?: string[] } }).lookup(route);
  if (!auth) {
    operation.security = [];
    return;
  }
  const lock = options.security.requirement(auth.strategies ?? []);
  operation.security = auth.mode === 'required' || auth.mode === undefined ? [lock] : [{}, lock];
  // the scope plugin reads both headers on every authenticated request
  const scope = options.scopeHeaders ? [{ $ref: '#/components/parameters/ProfileType' }, { $ref: '#/components/parameters/TeamId' }] : [];
  if (scope.length) operation.parameters = [...(operation.parameters ?? []), ...scope];
}

function declarePathParameters(path: string, operation: Operation): void {
  const declared = new Set((operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
  for (const [, name] of path.matchAll(/\{(\w+)\*?\}/g)) {
    if (!declared.has(name)) operation.parameters = [...(operation.parameters ?? []), { name, in: 'path', required: true, schema: { type: 'string' } }];
  }
}

/**
 * A 204 has no schema to generate from (a joi schema there would document a string
 * body); routes whose handler answers without one are documented here. A route that
 * only ever refuses (405) keeps no success answer.
 */
function documentBodilessSuccess(method: string, operation: Operation, _route: RequestRoute | undefined): void {
  const responses = (operation.responses ??= {});
  if (Object.keys(responses).some((code) => code.startsWith('2'))) return;
  if (Object.keys(responses).includes('405')) return;
  if (method === 'delete') responses['204'] = { description: 'Deleted; no body' };
  else responses['200'] = { description: 'OK (see the operation description for the body)' };
}

/** OpenAPI 3.0 wants a `type` beside `nullable`; for alternatives it goes on each member */
function typeNullableAlternatives(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(typeNullableAlternatives);
  const schema = node as Json;
  if (schema.nullable === true && schema.type === undefined) {
    const members = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    if (members) for (const member of members) if (!member.$ref) member.nullable = true;
    delete schema.nullable;
  }
  for (const value of Object.values(schema)) typeNullableAlternatives(value);
}
