// The catalog's services, built once per process and exposed as services.catalog:
// products (with nested tags, variants and images), product families, product
// images, barcode scans (and their history), product searches (history) and the
// media analysis jobs (OCR, barcode photos).
import type { PlanLimits } from '../billing/plan-limits.js';
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { MediaStore } from '../media/media-store.js';
import type { JobService } from '../jobs/job-service.js';
import type { RateLimits } from '../shared/rate-limits.js';
import { ProductFamilyService } from './product-family-service.js';
import { ProductImageService } from './product-image-service.js';
import { ProductSearchService } from './product-search-service.js';
import { ProductService } from './product-service.js';
import { BarcodeService } from './barcode-service.js';
import { MediaAnalysisService } from './media-analysis-service.js';
import { ProductOperationService } from './product-operation-service.js';

export interface CatalogServices {
  products: ProductService;
  /** product writes with nested operations ({create, update, delete}) in one transaction, files included */
  operations: ProductOperationService;
  families: ProductFamilyService;
  images: ProductImageService;
  searches: ProductSearchService;
  barcodes: BarcodeService;
  analysis: MediaAnalysisService;
}

export function createCatalogServices(platform: Platform, deps: { audit: AuditService; media: MediaStore; jobs: JobService; limits: RateLimits; planLimits?: PlanLimits }): CatalogServices {
  const families = new ProductFamilyService(platform, deps.audit);
  const images = new ProductImageService(platform, deps.audit, deps.media);
  const searches = new ProductSearchService(platform, deps.audit);
  const products = new ProductService(platform, deps.audit, families, images, searches);
  return {
    families,
    images,
    searches,
    products,
    operations: new ProductOperationService(platform, deps.audit, products, images),
    barcodes: new BarcodeService(platform, deps.audit),
    analysis: new MediaAnalysisService(platform, deps.media, deps.jobs, deps.limits, deps.planLimits),
  };
}
