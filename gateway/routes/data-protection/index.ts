// The data-protection area: GDPR export and deletion requests.
import type { ServerRoute } from '@hapi/hapi';
import exportRequest from './gdpr-export-request.js';
import deletionRequest from './gdpr-deletion-request.js';
import exportsList from './data-export-requests/list.js';
import exportsRead from './data-export-requests/read.js';
import exportsDownload from './data-export-requests/download.js';
import deletionsList from './data-deletion-requests/list.js';
import deletionsRead from './data-deletion-requests/read.js';
import deletionsCancel from './data-deletion-requests/cancel.js';

export const dataProtectionTag = { name: 'data-protection', description: 'GDPR: export all your data as a ZIP, request the erasure of your account (grace period, cancellable); staff see every request' };

export const dataProtectionRoutes: ServerRoute[] = [exportRequest, deletionRequest, exportsList, exportsRead, exportsDownload, deletionsList, deletionsRead, deletionsCancel];
