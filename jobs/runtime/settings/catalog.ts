// The catalog: how much one projected catalog answer (/restqlapi) may hold.
import Joi from 'joi';
import { inGroup, setting } from './define.js';

export const catalogGroup = { name: 'catalog', title: 'Catalog and projected catalog' };

export const catalogSettings = inGroup(catalogGroup, {
  projectedCatalog: {
    maxRowsPerResponse: setting(
      'PROJECTED_CATALOG_MAX_ROWS',
      Joi.number().integer().min(100).max(1_000_000).default(5000),
      'rows one `/restqlapi` list page may hold, nested rows included (a product with 3 variants of 2 images each at full depth counts 1 + 3 + 6 + its tags and values): a page that would hold more returns fewer products and its `next` link continues (`offset=`) exactly after the last one returned; a single product is always returned whole',
    ),
  },
});
