// GDPR export and deletion requests: the area's routes, one file per endpoint, and its OpenAPI tag.
import { defineArea } from '../area.js';
import exportRequest from './gdpr-export-request.js';
import deletionRequest from './gdpr-deletion-request.js';
import exportsList from './data-export-requests/list.js';
import exportsRead from './data-export-requests/read.js';
import exportsDownload from './data-export-requests/download.js';
import deletionsList from './data-deletion-requests/list.js';
import deletionsRead from './data-deletion-requests/read.js';
import deletionsCancel from './data-deletion-requests/cancel.js';

export default defineArea({
  name: 'data-protection',
  tags: [
    { name: 'data-protection', description: 'GDPR: export all your data as a ZIP, request the erasure of your account (grace period, cancellable); staff see every request' },
  ],
  routes: [exportRequest, deletionRequest, exportsList, exportsRead, exportsDownload, deletionsList, deletionsRead, deletionsCancel],
});
