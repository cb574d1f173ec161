// The caller's notifications: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import notificationsList from './list.js';

export default defineArea({
  name: 'notifications',
  tags: [
    { name: 'notifications', description: "The caller's notifications, also pushed over /ws/notifications/" },
  ],
  routes: [
    notificationsList,
  ],
});
