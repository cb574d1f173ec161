// Every route area of the gateway; each declares its routes and OpenAPI tags in its
// own index.ts. A new area is one line here.
import type { OpenApiTag, RouteArea } from './area.js';
import root from './root/index.js';
import docs from './docs/index.js';
import accounts from './accounts/index.js';
import teams from './teams/index.js';
import jobs from './jobs/index.js';
import notifications from './notifications/index.js';
import media from './media/index.js';
import kyc from './kyc/index.js';
import admin from './admin/index.js';
import inventory from './inventory/index.js';
import audit from './audit/index.js';
import catalog from './catalog/index.js';
import invoiceImport from './invoice-import/index.js';
import support from './support/index.js';
import projectedCatalog from './projected-catalog/index.js';
import dataProtection from './data-protection/index.js';
import reports from './reports/index.js';
import billing from './billing/index.js';
import curation from './curation/index.js';

export const areas: readonly RouteArea[] = [root, docs, accounts, teams, jobs, notifications, media, kyc, admin, inventory, audit, catalog, invoiceImport, support, projectedCatalog, reports, billing, curation, dataProtection];

/** The OpenAPI document's tag list, in area order. */
export const openApiTagsOfAreas = (list: readonly RouteArea[]): OpenApiTag[] => list.flatMap((area) => area.tags);
