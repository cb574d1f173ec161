// /api/barcode-scans/: the caller's scan history in the active scope (scans are
// made with POST /api/scan-barcode/). Read and delete only.
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { scanListSpec } from '../../../../domain/catalog/barcode-service.js';
import { ScanOut } from './schemas.js';

export const barcodeScansCollection = defineCollection({
  path: '/api/barcode-scans/',
  tag: 'barcode-scans',
  singular: 'barcode scan',
  plural: 'barcode scans',
  service: (s) => s.catalog.barcodes,
  out: ScanOut,
  listQuery: listQuerySchema(scanListSpec, 'BarcodeScanListQuery'),
  notes: {
    list: 'Only the caller\'s own scans in the active scope, newest first. Filters: code, source (manual|image), is_valid, found, symbology, created_after, created_before. Reading one scan (GET /{id}/) adds found, message and the matches as they are now.',
    delete: 'Removes the scan from the caller\'s history.',
  },
});
