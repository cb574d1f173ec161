// The projected catalog API (/restqlapi: the path is the contract): the area's routes,
// one file per endpoint, and its OpenAPI tag.
import { defineArea } from '../area.js';
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

export default defineArea({
  name: 'projected-catalog',
  tags: [
    // the tag keeps the API's public name, which is also its path
    { name: 'restqlapi', description: 'Projected catalog API: ?query={id,name,variants{sku,images{alt_text}}} returns only the named fields (one SQL statement per read); nested writes of tags, variants and images with {create, update, delete}; record discovery per app' },
  ],
  routes: [productsList, productsRead, productsCreate, productsPatch, productsDelete, familiesList, familiesRead, familiesCreate, familiesPatch, familiesDelete, recordsList],
});
