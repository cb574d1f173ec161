// GET /api/barcode-scans/
import { collectionRoute } from '../../collection-routes.js';
import { barcodeScansCollection } from './collection.js';

export default collectionRoute(barcodeScansCollection, 'list');
