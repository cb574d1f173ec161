// The projected catalog API's services, exposed as services.restql: the projector
// (query grammar -> SQL) and the projected catalog over the catalog's own services.
import type { Platform } from '../../db/platform.js';
import type { CatalogServices } from '../catalog/index.js';
import { Projector } from './projector.js';
import { ProjectedCatalogService } from './projected-catalog-service.js';

export interface RestqlServices {
  projector: Projector;
  catalog: ProjectedCatalogService;
}

export function createRestqlServices(platform: Platform, catalog: CatalogServices): RestqlServices {
  const projector = new Projector(`${platform.config.publicBaseUrl}/media/`);
  return { projector, catalog: new ProjectedCatalogService(platform, projector, catalog) };
}
