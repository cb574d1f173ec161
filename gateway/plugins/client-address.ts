// The client's address as the per-address throttles see it: the peer of the TCP
// connection, or, behind TRUST_PROXY_HOPS reverse proxies, the address the outermost
// trusted proxy saw (counted from the right of X-Forwarded-For, which a client can
// only prepend to, never append to). The same rule for HTTP requests and WebSocket
// upgrades (which never reach hapi's request lifecycle).
import type { Request } from '@hapi/hapi';

export function clientAddress(request: Request): string {
  return addressOf(request.info.remoteAddress, request.headers['x-forwarded-for'] as string | string[] | undefined, request.server.app.platform.config.trustProxyHops);
}

export function addressOf(peer: string, forwardedFor: string | string[] | undefined, hops: number): string {
  if (!hops) return peer;
  const raw: string = Array.isArray(forwardedFor) ? forwardedFor.join(',') : typeof forwardedFor === 'string' ? forwardedFor : '';
  const chain = raw.split(',').map((s) => s.trim()).filter(Boolean);
  return chain[chain.length - hops] ?? chain[0] ?? peer;
}
