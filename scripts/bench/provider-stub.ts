// The external provider stand-in of scripts/bench/kyc-webhooks.ts, in its own process
// so the load generator does not slow its answers: GET /resources/applicants/{id}/status
// answers the review set through PUT /_review/{id} (body: the reviewStatus). Port from STUB_PORT.
import http from 'node:http';

const reviews = new Map<string, string>();
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const set = /^\/_review\/([^/]+)$/.exec(req.url ?? '');
    if (set && req.method === 'PUT') {
      reviews.set(set[1], Buffer.concat(chunks).toString());
      return void res.writeHead(204).end();
    }
    const m = /^\/resources\/applicants\/([^/]+)\/status$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ reviewStatus: reviews.get(m[1]) ?? 'init', levelName: 'basic-kyc-level' }));
  });
});
server.listen(Number(process.env.STUB_PORT ?? 0), '127.0.0.1', () => console.log(`provider stub listening on ${(server.address() as { port: number }).port}`));
process.on('SIGTERM', () => process.exit(0));
