// Invoice documents parsed into preview sessions and applied to stock: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import invoicePreview from './preview.js';
import invoiceBulkStore from './bulk-store.js';
import invoiceSessionsLatest from './sessions/latest.js';
import invoiceSessionsList from './sessions/list.js';
import invoiceSessionsGet from './sessions/read.js';

export default defineArea({
  name: 'invoice-import',
  tags: [
    { name: 'invoice-import', description: 'Invoice documents (PDF, scans, photos, UBL/CII XML, Factur-X, CSV) parsed into preview sessions, applied to stock all or nothing; session history' },
  ],
  routes: [
    invoicePreview,
    invoiceBulkStore,
    invoiceSessionsLatest,
    invoiceSessionsList,
    invoiceSessionsGet,
  ],
});
