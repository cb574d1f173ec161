// The client's address as the per-address throttles see it: the peer of the TCP
// connection, or, behind TRUST_PROXY_HOPS reverse proxies, the address the outermost
// trusted proxy saw (counted from the right of X-Forwarded-For, which a client can
// only prepend to, never append to).
import type { Request } from '@hapi/hapi';

export function clientAddress(request: Request): string {
  const peer = request.info.remoteAddress;
  const hops = request.server.app.platform.config.trustProxyHops;
  if (!hops) return peer;
  const header = request.headers['x-forwarded-for'];
  const raw: string = Array.isArray(header) ? header.join(',') : typeof header === 'string' ? header : '';
  const chain = raw.split(',').map((s) => s.trim()).filter(Boolean);
  return chain[chain.length - hops] ?? chain[0] ?? peer;
}
