// The projected catalog API (/restqlapi), one endpoint per file.
import type { ServerRoute } from '@hapi/hapi';
import productsList from './products/list.js';
import productsRead from './products/read.js';
import productsCreate from './products/create.js';
import productsPatch from './products/patch.js';
import productsDelete from './products/delete.js';
import familiesList from './products/families/list.js';
import familiesRead from './products/families/read.js';
import familiesCreate from './products/families/create.js';
import familiesPatch from './products/families/patch.js';
import familiesDelete from './products/families/delete.js';
import recordsList from './records/list.js';

export const restqlRoutes: ServerRoute[] = [productsList, productsRead, productsCreate, productsPatch, productsDelete, familiesList, familiesRead, familiesCreate, familiesPatch, familiesDelete, recordsList];
