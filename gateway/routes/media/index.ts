// Uploaded files served back (public and private media): the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import mediaServe from './serve.js';

export default defineArea({
  name: 'media',
  tags: [],
  routes: [
    ...mediaServe,
  ],
});
