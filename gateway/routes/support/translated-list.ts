// The staff-managed, translated lists of the support area (ticket types, help
// categories): the same five endpoints over a service of the same shape. Each list
// declares its path, key, schemas and texts once; its verb files turn it into routes.
import Joi from 'joi';
import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../http/errors.js';
import { includeInactive } from './tickets/text.js';
import { supportViewer } from './tickets/viewer.js';
import { actor } from '../../plugins/scope.js';
import type { Actor } from '../../../domain/shared/actor.js';

/** What both services offer (domain/support/ticket-type-service.ts, help-category-service.ts). */
interface TranslatedListService {
  list(languages: string[], opts: { includeInactive?: boolean; admin?: boolean }): Promise<unknown>;
  get(key: string, languages: string[], admin: boolean): Promise<unknown>;
  create(actor: Actor, input: never, languages: string[]): Promise<unknown>;
  update(actor: Actor, key: string, input: never, languages: string[]): Promise<unknown>;
  remove(actor: Actor, key: string): Promise<void>;
}

export interface TranslatedList {
  /** e.g. /api/help-categories/ */
  path: string;
  /** the path parameter naming one entry (id or slug) and its schema */
  key: 'id' | 'slug';
  keySchema: Joi.ObjectSchema;
  tag: string;
  service: (services: Request['server']['app']['services']) => TranslatedListService;
  out: Joi.Schema;
  createIn: Joi.Schema;
  patchIn: Joi.Schema;
  /** labels of the list's query and answer in the OpenAPI document */
  listLabels: { query: string; answer: string };
  texts: Record<Verb, { description: string; notes?: string }>;
  /** the 409 of a delete (an entry in use or protected), when there is one */
  deleteConflicts?: boolean;
}

type Verb = 'list' | 'read' | 'create' | 'update' | 'delete';

/** What a translated list says of itself; `translatedList` derives the rest. */
export interface TranslatedListDeclaration {
  /** the OpenAPI tag, also the path: /api/<tag>/ */
  tag: string;
  /** the schemas' label prefix: <label>ListQuery, <label>List */
  label: string;
  key: TranslatedList['key'];
  keySchema: Joi.ObjectSchema;
  service: TranslatedList['service'];
  schemas: { out: Joi.Schema; createIn: Joi.Schema; patchIn: Joi.Schema };
  /** the texts of each endpoint; create and update notes follow the rules all lists share */
  texts: Record<Verb, { description: string; notes?: string }>;
  deleteConflicts?: boolean;
}

const SHARED_NOTES: Partial<Record<Verb, string>> = {
  create: 'slug unique (409 slug_taken); name is English, other languages go in translations.',
  update: 'Only the fields sent change; translations, when sent, replace all translations.',
};

/** One translated list: its path, labels and the notes every list shares, from its declaration. */
export function translatedList(d: TranslatedListDeclaration): TranslatedList {
  const texts = Object.fromEntries(
    (Object.keys(d.texts) as Verb[]).map((verb) => {
      const notes = [SHARED_NOTES[verb], d.texts[verb].notes].filter(Boolean).join(' ');
      return [verb, { description: d.texts[verb].description, ...(notes ? { notes } : {}) }];
    }),
  ) as TranslatedList['texts'];
  return {
    path: `/api/${d.tag}/`,
    key: d.key,
    keySchema: d.keySchema,
    tag: d.tag,
    service: d.service,
    ...d.schemas,
    listLabels: { query: `${d.label}ListQuery`, answer: `${d.label}List` },
    texts,
    deleteConflicts: d.deleteConflicts,
  };
}

export function translatedRoute(l: TranslatedList, verb: Verb): ServerRoute {
  const item = `${l.path}{${l.key}}/`;
  const keyOf = (request: Request) => (request.params as Record<string, string>)[l.key];
  const svc = (request: Request) => l.service(request.server.app.services);
  const staff = { auth: { access: { scope: 'staff' } } };
  const common = { tags: ['api', l.tag], ...l.texts[verb] };
  switch (verb) {
    case 'list':
      return {
        method: 'GET',
        path: l.path,
        options: {
          ...common,
          validate: { query: Joi.object({ include_inactive: includeInactive }).label(l.listLabels.query) },
          response: { status: { 200: Joi.array().items(l.out).label(l.listLabels.answer) } },
          plugins: errorDocs(400, 401),
        },
        async handler(request: Request) {
          const viewer = await supportViewer(request);
          const all = viewer.isStaff && (request.query as { include_inactive: boolean }).include_inactive;
          return svc(request).list(viewer.languages, { includeInactive: all, admin: all });
        },
      };
    case 'read':
      return {
        method: 'GET',
        path: item,
        options: { ...common, validate: { params: l.keySchema }, response: { status: { 200: l.out } }, plugins: errorDocs(401, 404) },
        async handler(request: Request) {
          const viewer = await supportViewer(request);
          return svc(request).get(keyOf(request), viewer.languages, viewer.isStaff);
        },
      };
    case 'create':
      return {
        method: 'POST',
        path: l.path,
        options: { ...staff, ...common, validate: { payload: l.createIn }, response: { status: { 201: l.out } }, plugins: errorDocs(400, 401, 403, 409) },
        async handler(request: Request, h: ResponseToolkit) {
          const viewer = await supportViewer(request);
          return h.response((await svc(request).create(actor(request), request.payload as never, viewer.languages)) as object).code(201);
        },
      };
    case 'update':
      return {
        method: 'PATCH',
        path: item,
        options: { ...staff, ...common, validate: { params: l.keySchema, payload: l.patchIn }, response: { status: { 200: l.out } }, plugins: errorDocs(400, 401, 403, 404, 409) },
        async handler(request: Request) {
          const viewer = await supportViewer(request);
          return svc(request).update(actor(request), keyOf(request), request.payload as never, viewer.languages);
        },
      };
    case 'delete':
      return {
        method: 'DELETE',
        path: item,
        options: { ...staff, ...common, validate: { params: l.keySchema }, plugins: l.deleteConflicts ? errorDocs(401, 403, 404, 409) : errorDocs(401, 403, 404) },
        async handler(request: Request, h: ResponseToolkit) {
          await svc(request).remove(actor(request), keyOf(request));
          return h.response().code(204);
        },
      };
  }
}
