// The browsable API's choice between JSON and HTML, and a route that has a `format`
// query parameter of its own (the browsable API then leaves the parameter alone).
import test from 'ava';
import Hapi from '@hapi/hapi';
import Joi from 'joi';
import { browsableApiPlugin, representationOf } from '../../../gateway/plugins/browsable-api.js';

const CHROME = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

test('Accept q-values choose; JSON on a tie, on */* and on anything unclear; ?format overrides', (t) => {
  const cases: [string | undefined, unknown, 'json' | 'html'][] = [
    [undefined, undefined, 'json'],
    ['', undefined, 'json'],
    ['*/*', undefined, 'json'],
    ['application/json', undefined, 'json'],
    ['text/html, application/json', undefined, 'json'],
    ['application/json, text/html', undefined, 'json'],
    ['text/html;q=0.5, application/json', undefined, 'json'],
    ['text/html;q=0', undefined, 'json'],
    ['image/png', undefined, 'json'],
    ['garbage', undefined, 'json'],
    [';;;', undefined, 'json'],
    ['"text/html"', undefined, 'json'],
    [CHROME, undefined, 'html'],
    ['text/html', undefined, 'html'],
    ['application/json;q=0.5, text/html', undefined, 'html'],
    ['text/*', undefined, 'html'],
    ['TEXT/HTML', undefined, 'html'],
    ['Text/*;q=0.9, application/xml', undefined, 'html'],
    ['*/*', undefined, 'json'],
    ['image/webp, */*;q=0.8', undefined, 'json'],
    [CHROME, 'json', 'json'],
    [undefined, 'api', 'html'],
    ['application/json', 'api', 'html'],
    [CHROME, 'xml', 'html'],
  ];
  for (const [accept, format, expected] of cases) t.is(representationOf(accept, format), expected, `Accept ${accept} format ${String(format)}`);
});

test('a route whose own query takes `format` keeps it: only Accept chooses there', async (t) => {
  const server = Hapi.server();
  await server.register(browsableApiPlugin);
  server.route({
    method: 'GET',
    path: '/api/exports/',
    options: {
      validate: { query: Joi.object({ format: Joi.string().valid('json', 'csv') }) },
      response: { status: { 200: Joi.object({ format: Joi.string() }).label('Export') }, failAction: 'log' },
    },
    handler: (request) => ({ format: (request.query as { format?: string }).format ?? 'none' }),
  });
  await server.initialize();
  const json = await server.inject('/api/exports/?format=json');
  t.deepEqual(JSON.parse(json.payload), { format: 'json' }, 'the route still sees its parameter');
  const csv = await server.inject('/api/exports/?format=csv');
  t.deepEqual(JSON.parse(csv.payload), { format: 'csv' });
  const api = await server.inject('/api/exports/?format=api');
  t.is(api.statusCode, 400, 'not the browsable API\'s value here: the route validates it');
  const html = await server.inject({ url: '/api/exports/?format=json', headers: { accept: CHROME } });
  t.regex(String(html.headers['content-type']), /^text\/html/, 'a browser still gets the page');
  await server.stop();
});
