// The staff admin console (a browser page, not in the OpenAPI document): the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import adminConsole from './console.js';

export default defineArea({
  name: 'admin',
  tags: [],
  routes: [
    adminConsole,
  ],
});
