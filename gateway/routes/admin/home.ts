import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../plugins/scope.js';
import { pageOptions } from './routes-shared.js';

// The admin's home page: a few figures (each links to its list) and a word on what is here.
export default {
  method: 'GET',
  path: '/admin/',
  options: { ...pageOptions, description: 'Staff admin: home' },
  handler: async (request, h) => h.view('home', { title: 'Admin', figures: await request.server.app.services.admin.read.overview(actor(request)) }),
} satisfies ServerRoute;
