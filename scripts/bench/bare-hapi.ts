// The baseline of the benchmarks: bare Hapi routes that answer 200 and nothing else —
// POST /hook/ takes the raw body (kyc-webhooks.ts), GET /me/ answers a JSON object of
// the same shape and size as GET /api/auth/me/ (gateway.ts), so that the comparison
// measures the gateway's work rather than bytes on the wire. Port from BARE_PORT.
import Hapi from '@hapi/hapi';

const server = Hapi.server({ port: Number(process.env.BARE_PORT ?? 0), host: '127.0.0.1' });
server.route({
  method: 'GET',
  path: '/me/',
  handler: () => ({ id: '6f1c3a52-9a1e-4c1b-8f57-3f0a3e2b9d11', email: 'bench-gateway-0a1b2c3d@bench.test', is_staff: false, access_expires_at: new Date(Date.now() + 1_800_000).toISOString(), scope: { profile_type: 'self', team_id: null, team_role: null } }),
});
server.route({ method: 'POST', path: '/hook/', options: { payload: { parse: false, output: 'data' } }, handler: () => ({ detail: 'ok', status: 'ok' }) });
await server.start();
console.log(`bare hapi listening on ${server.info.uri}`);
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
