import type { ServerRoute } from '@hapi/hapi';
import { pageOptions } from './routes-shared.js';

// The admin's home page: the navigation (in the layout) and a word on what is here.
export default {
  method: 'GET',
  path: '/admin/',
  options: { ...pageOptions, description: 'Staff admin: home' },
  handler: (_request, h) => h.view('home', { title: 'Admin' }),
} satisfies ServerRoute;
