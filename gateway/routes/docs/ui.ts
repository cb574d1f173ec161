// Swagger UI at /api/docs/, served by us instead of hapi-swagger's template: that
// template loads whatever spec `?url=` names (a phishing page on our origin, with
// "Try it out" against any server). This page always shows /api/openapi.json, turns
// Swagger UI's own query configuration off and runs under a CSP: assets are the
// self-hosted swagger-ui-dist files at /api/swaggerui/, the one inline script is
// allowed by its hash.
import type { ServerRoute } from '@hapi/hapi';
import { htmlPage, pagePolicy } from '../../http/security-headers.js';
import { OPENAPI_JSON_PATH, SWAGGER_UI_ASSETS } from '../../plugins/openapi.js';
import { SERVICE } from '../root/service-index.js';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(SERVICE.name)} · API documentation</title>
<link rel="stylesheet" href="${SWAGGER_UI_ASSETS}swagger-ui.css">
<link rel="icon" type="image/png" href="${SWAGGER_UI_ASSETS}favicon-32x32.png" sizes="32x32">
<style>html{box-sizing:border-box;overflow-y:scroll}*,*:before,*:after{box-sizing:inherit}body{margin:0;background:#fafafa}</style></head>
<body><div id="swagger-ui"></div>
<script src="${SWAGGER_UI_ASSETS}swagger-ui-bundle.js"></script>
<script>
window.onload = function () {
  var byOrder = function (a, b) { return (a.get('operation').get('x-order') || 0) - (b.get('operation').get('x-order') || 0); };
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_JSON_PATH)},
    queryConfigEnabled: false,
    validatorUrl: null,
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout', // no top bar: it has a box to load any other spec
    docExpansion: 'list',
    operationsSorter: byOrder,
    persistAuthorization: true
  });
};
</script></body></html>`;

// Swagger UI sets style attributes on its elements (React): those need 'unsafe-inline' for styles
const policy = pagePolicy(page, { styleSrc: ["'unsafe-inline'"] });

export default {
  method: 'GET',
  path: '/api/docs/',
  options: { auth: false, tags: ['index'], description: 'Interactive API documentation (Swagger UI)' },
  handler: (_request, h) => htmlPage(h, page, policy),
} satisfies ServerRoute;
