import Joi from 'joi';
import type { ServerRoute, Request } from '@hapi/hapi';
import { INTERFACE_VERSION, VERIFICATION_DESCRIPTION } from '../../../jobs/kyc-contract.js';

export const SERVICE = {
  name: 'Inventory Platform API',
  version: '1.0.0',
  description:
    'Inventory-management backend: accounts with e-mail one-time codes, profiles and teams; inventories, storage, items, stock ledger and alerts; products and catalog; invoice import; reports (CSV, PDF) and their schedules, analytics, transaction logs and order lists; identity verification through a microservice; support tickets and an AI support chat.',
};

/** The endpoint map is generated from the registered routes, never kept by hand. */
export function endpointMap(request: Request) {
  const base = request.server.app.platform.config.publicBaseUrl;
  const byPath = new Map<string, { path: string; url: string; methods: string[]; descriptions: Record<string, string>; auth: string }>();
  for (const route of request.server.table()) {
    const tags = (route.settings.tags ?? []) as string[];
    if (!tags.includes('api') && !tags.includes('index')) continue;
    const entry = byPath.get(route.path) ?? { path: route.path, url: `${base}${route.path}`, methods: [], descriptions: {}, auth: 'none' };
    const method = route.method.toUpperCase();
    entry.methods.push(method);
    entry.descriptions[method] = route.settings.description ?? '';
    const auth = route.settings.auth as false | { access?: { scope?: { selection?: string[] } }[] } | undefined;
    if (auth !== false) entry.auth = auth?.access?.[0]?.scope?.selection?.includes('staff') ? 'bearer (staff)' : 'bearer';
    byPath.set(route.path, entry);
  }
  const groups: Record<string, unknown[]> = {};
  for (const e of [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path))) {
    const area = e.path.split('/').filter(Boolean).slice(0, e.path.startsWith('/api/v1/') ? 3 : 2).join('/') || 'root';
    (groups[area] ??= []).push({ ...e, methods: e.methods.sort() });
  }
  return groups;
}

const handler = (request: Request) => {
  const base = request.server.app.platform.config.publicBaseUrl;
  return {
    ...SERVICE,
    status: 'ok',
    documentation: {
      swagger_ui: `${base}/api/docs/`,
      openapi: `${base}/api/openapi.json`,
      markdown: `${base}/api/docs/markdown/`,
      docs_login: `${base}/api/docs-login/`,
      admin: `${base}/admin/`,
      health: `${base}/api/health/`,
    },
    authentication: 'Authorization: Bearer <access token> from POST /api/auth/login/; scope with X-Profile-Type: self|team and X-Team-Id: <team id>.',
    websocket: `${base.replace(/^http/, 'ws')}/ws/notifications/?token=<ACCESS_TOKEN>`,
    verification: {
      description: VERIFICATION_DESCRIPTION,
      interface_version: INTERFACE_VERSION,
      endpoints: ['POST /api/v1/kyc/access-token/', 'GET /api/v1/kyc/status/', 'POST /api/v1/kyc/refresh/', 'POST /api/v1/kyc/reset/', 'GET /api/v1/kyc/branding/'],
    },
    quick_start: [
      'POST /api/auth/register/ with email, password, first_name, last_name',
      'Read the 6-digit code from the e-mail and POST /api/auth/verify-email/ with email and otp_code',
      'POST /api/auth/login/ with email and password to get access and refresh tokens',
      'Send Authorization: Bearer <access> on every other call; renew with POST /api/token/refresh/ {"refresh": "..."}',
      'Optionally POST /api/teams/ to create your team and use X-Profile-Type: team with X-Team-Id',
    ],
    endpoints: endpointMap(request),
  };
};

const options = {
  auth: false as const,
  tags: ['index'],
  description: 'Root index: service, version, documentation links, quick start and endpoint map',
  response: { status: { 200: Joi.object().unknown(true).label('RootIndex') } },
};

export default [
  { method: 'GET', path: '/', options, handler },
  { method: 'GET', path: '/api/', options: { ...options, tags: ['api', 'index'] }, handler },
] satisfies ServerRoute[];
