// The status of long-running jobs: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import jobGet from './read.js';
import jobEcho from './echo.js';

export default defineArea({
  name: 'jobs',
  tags: [
    { name: 'jobs', description: 'Long-running work: poll or receive over /ws/notifications/' },
  ],
  routes: [
    jobGet,
    jobEcho,
  ],
});
