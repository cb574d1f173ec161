// The projected catalog API's services, exposed as services.projectedCatalog: the projector
// (query grammar -> SQL) and the projected catalog over the catalog's own services.
import type { Platform } from '../../db/platform.js';
import type { CatalogServices } from '../catalog/index.js';
import { Projector } from './projector.js';
import { ProjectedCatalogService } from './projected-catalog-service.js';

export interface ProjectedCatalogServices {
  projector: Projector;
  catalog: ProjectedCatalogService;
}

export function createProjectedCatalogServices(platform: Platform, catalog: CatalogServices): ProjectedCatalogServices {
  const projector = new Projector(platform.links.media(''));
  return { projector, catalog: new ProjectedCatalogService(platform, projector, catalog) };
}
