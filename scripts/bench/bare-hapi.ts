// The baseline of the benchmarks: bare Hapi routes that answer 200 and nothing else —
// POST /hook/ takes the raw body (kyc-webhooks.ts), GET /me/ answers a small JSON
// object like GET /api/auth/me/ (gateway.ts). Port from BARE_PORT.
import Hapi from '@hapi/hapi';

const server = Hapi.server({ port: Number(process.env.BARE_PORT ?? 0), host: '127.0.0.1' });
server.route({ method: 'GET', path: '/me/', handler: () => ({ id: '6f1c3a52-9a1e-4c1b-8f57-3f0a3e2b9d11', email: 'bench@example.test', is_staff: false }) });
server.route({ method: 'POST', path: '/hook/', options: { payload: { parse: false, output: 'data' } }, handler: () => ({ detail: 'ok', status: 'ok' }) });
await server.start();
console.log(`bare hapi listening on ${server.info.uri}`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
