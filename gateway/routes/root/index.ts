// The service index and health: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import root from './service-index.js';
import health from './health.js';

export default defineArea({
  name: 'root',
  tags: [
    { name: 'platform', description: 'Health and service index' },
    { name: 'index', description: 'The service index: documentation links, quick start and the generated endpoint map' },
  ],
  routes: [
    ...root,
    health,
  ],
});
