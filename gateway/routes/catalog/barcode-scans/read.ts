// GET /api/barcode-scans/{id}/
import { collectionRoute } from '../../collection-routes.js';
import { barcodeScansCollection } from './collection.js';

export default collectionRoute(barcodeScansCollection, 'read');
