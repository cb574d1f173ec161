// PUT/PATCH/DELETE /api/inventory-transactions/{id}/: the ledger is append-only; a
// mistake is corrected with a new (adjust) transaction, never by rewriting history.
import type { ServerRoute } from '@hapi/hapi';
import { EdgeError, errorDocs } from '../../../http/errors.js';

const refuse = (method: 'PUT' | 'PATCH' | 'DELETE'): ServerRoute => ({
  method,
  path: '/api/inventory-transactions/{id}/',
  options: {
    tags: ['api', 'inventory-transactions'],
    description: `${method} is not allowed: the stock ledger is append-only`,
    notes: 'Always 405 ledger_append_only. Record a correcting adjust (or reverse consume/receive) transaction instead.',
    plugins: errorDocs(401, 403, 405),
  },
  handler: (_request, h) => {
    void h;
    throw new EdgeError('not_allowed', 'ledger_append_only', 'Inventory transactions are append-only; record a correcting transaction (e.g. kind adjust) instead.', null, { Allow: 'GET' });
  },
});

export default [refuse('PUT'), refuse('PATCH'), refuse('DELETE')];
