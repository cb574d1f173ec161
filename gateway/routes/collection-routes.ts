// The standard routes of a collection at /api/<kebab-name>/: GET list, POST, and
// GET/PUT/PATCH/DELETE /{id}/. Each collection declares its schemas, docs and
// service once in gateway/routes/<collection>/collection.ts; each endpoint is its own
// file named by verb (list, create, read, replace, update, delete), so that
// `PATCH /api/storages/{id}/` is gateway/routes/storages/update.ts. The handlers, the
// list mechanism (services/listing.ts) and the error docs are shared here. Handlers
// only call the collection's service (services/scoped-collection.ts).
import Joi from 'joi';
import type { Request, ResponseToolkit, RouteOptionsPayload, ServerRoute } from '@hapi/hapi';
import type { Services } from '../../domain/index.js';
import type { CollectionService } from '../../domain/shared/scoped-collection.js';
import type { ListParams, PageAt, PageRef } from '../../domain/shared/listing.js';
import { actor } from '../plugins/scope.js';
import { id } from './schemas.js';
import { errorDocs } from '../http/errors.js';
import { withUploads } from '../http/uploads.js';

export type Verb = 'list' | 'create' | 'read' | 'replace' | 'update' | 'delete';

export interface CollectionRoutes {
  /** "/api/storage-boxes/" */
  path: string;
  /** OpenAPI tag */
  tag: string;
  /** "storage box" / "storage boxes" for descriptions */
  singular: string;
  plural: string;
  service: (services: Services) => CollectionService<any>;
  out: Joi.ObjectSchema;
  listQuery?: Joi.ObjectSchema;
  create?: Joi.ObjectSchema;
  replace?: Joi.ObjectSchema;
  update?: Joi.ObjectSchema;
  /** e.g. multipart for uploads on POST/PUT/PATCH */
  payload?: RouteOptionsPayload;
  /** body fields that carry a file (at any depth): read at the edge into an Upload (gateway/http/uploads.ts) */
  files?: string[];
  /** extra hapi-swagger options on write routes (e.g. payloadType: 'form') */
  writeDocs?: Record<string, unknown>;
  notes?: Partial<Record<Verb, string>>;
}

/**
 * Where a list was asked for: a link to another page is this request's absolute URL
 * with `page` replaced, or with `offset` in place of `page` and `offset`.
 */
export const pageAt = (request: Request): PageAt => ({
  link(to: PageRef) {
    const url = new URL(request.path, request.server.app.platform.config.publicBaseUrl);
    const replaced = 'page' in to ? ['page'] : ['page', 'offset'];
    for (const [k, v] of Object.entries(request.query)) if (v !== undefined && !replaced.includes(k)) url.searchParams.set(k, String(v));
    if ('page' in to) url.searchParams.set('page', String(to.page));
    else url.searchParams.set('offset', String(to.offset));
    return url.toString();
  },
});

/** A collection's declaration, typed (its verb files turn it into routes). */
export const defineCollection = (c: CollectionRoutes): CollectionRoutes => c;

const idParams = Joi.object({ id: id.required().description('id in the caller\'s scope') }).label('IdParam');
const pageOf = (out: Joi.ObjectSchema, label: string) =>
  Joi.object({ count: Joi.number().integer().required(), next: Joi.string().allow(null).required(), previous: Joi.string().allow(null).required(), results: Joi.array().items(out).required() }).label(label);
const scopeNote = 'Scope: X-Profile-Type self (default) or team with X-Team-Id; another scope\'s id is 404, a team you are not in is 403.';

/** The route of one verb of a collection. */
export function collectionRoute(c: CollectionRoutes, verb: Verb): ServerRoute {
  const label = (c.out.describe().flags as { label?: string } | undefined)?.label ?? 'Resource';
  const tags = ['api', c.tag];
  const notes = (fallback: string) => [c.notes?.[verb] ?? fallback, scopeNote].join(' ');
  const svc = (request: Request) => c.service(request.server.app.services);
  const item = `${c.path}{id}/`;
  const idOf = (request: Request) => (request.params as { id: number }).id;
  const body = (request: Request) => withUploads({ ...((request.payload as Record<string, unknown> | null) ?? {}) }, c.files ?? []);
  const write = (method: 'POST' | 'PUT' | 'PATCH', path: string, schema: Joi.ObjectSchema | undefined, handler: (r: Request, h: ResponseToolkit) => unknown, code: number) =>
    writeRoute(c, verb, { method, path, schema, handler, code, tags, notes: notes(''), withId: path === item });

  switch (verb) {
    case 'list':
      return {
        method: 'GET',
        path: c.path,
        options: {
          tags,
          description: `List ${c.plural}`,
          notes: notes('Paginated with page/page_size (max 100); count, next and previous links.'),
          validate: { query: c.listQuery },
          response: { status: { 200: pageOf(c.out, `${label}Page`) } },
          plugins: errorDocs(400, 401, 403),
        },
        handler: (request) => svc(request).list(actor(request), request.query as ListParams, pageAt(request)),
      };
    case 'create':
      return write('POST', c.path, c.create, async (request, h) => h.response(await svc(request).create!(actor(request), await body(request))).code(201), 201);
    case 'read':
      return {
        method: 'GET',
        path: item,
        options: { tags, description: `Read a ${c.singular}`, notes: notes(''), validate: { params: idParams }, response: { status: { 200: c.out } }, plugins: errorDocs(401, 403, 404) },
        handler: (request) => svc(request).get(actor(request), idOf(request)),
      };
    case 'replace':
      return write('PUT', item, c.replace, async (request) => svc(request).update!(actor(request), idOf(request), await body(request), false), 200);
    case 'update':
      return write('PATCH', item, c.update, async (request) => svc(request).update!(actor(request), idOf(request), await body(request), true), 200);
    case 'delete':
      return {
        method: 'DELETE',
        path: item,
        options: { tags, description: `Delete a ${c.singular}`, notes: notes(''), validate: { params: idParams }, plugins: errorDocs(401, 403, 404, 409) },
        handler: async (request, h) => {
          await svc(request).remove!(actor(request), idOf(request));
          return h.response().code(204);
        },
      };
  }
}

/** A POST, PUT or PATCH route of a collection: its payload options, validation and docs. */
function writeRoute(
  c: CollectionRoutes,
  verb: Verb,
  r: { method: 'POST' | 'PUT' | 'PATCH'; path: string; schema: Joi.ObjectSchema | undefined; handler: (r: Request, h: ResponseToolkit) => unknown; code: number; tags: string[]; notes: string; withId: boolean },
): ServerRoute {
  return {
    method: r.method,
    path: r.path,
    options: {
      tags: r.tags,
      description: { create: `Create a ${c.singular}`, replace: `Replace a ${c.singular}`, update: `Update part of a ${c.singular}` }[verb as 'create'],
      notes: r.notes,
      ...(c.payload ? { payload: c.payload } : {}),
      validate: { ...(r.withId ? { params: idParams } : {}), payload: r.schema },
      response: { status: { [r.code]: c.out } },
      plugins: { 'hapi-swagger': { ...errorDocs(400, 401, 403, 404, 409, 413, 415)['hapi-swagger'], ...(c.writeDocs ?? {}) } },
    },
    handler: r.handler as ServerRoute['handler'],
  };
}

/** Multipart (or JSON) bodies with files up to `maxBytes`, parsed into Buffers. */
export const uploadPayload = (maxBytes: number): RouteOptionsPayload => ({
  output: 'data',
  parse: true,
  multipart: { output: 'data' },
  maxBytes,
  allow: ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'],
});
