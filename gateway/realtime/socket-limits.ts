// Limits every socket channel gets from the hub (gateway/realtime/hub.ts), so a new
// channel (the AI support chat) cannot forget them:
//   - at most `maxSocketsPerUser` open sockets per user on one channel: one more is
//     accepted and closed at once with 4429 "too many sockets" (browsers cannot read a
//     refused upgrade's status);
//   - at most `messagesPerSecond` messages per socket, with bursts of `burst` (a token
//     bucket): a message over the rate is dropped and answered with an error message
//     `rate_limited` (once per streak, so flooding does not make us send as much);
//     a client that keeps sending `burst` more after that is closed with 4429
//     "message rate exceeded".
//   - at most `WS_UPGRADES_PER_MINUTE` upgrade requests per client address (any
//     path, counted before the token is looked at, across gateway instances): one more
//     is answered HTTP 429 with Retry-After and the JSON error body, and no socket
//     opens (upgradeBudget below).
// Channels may tighten or loosen these (Channel.limits) and choose how the error
// message looks (Channel.errorMessage: the AI chat answers `support.chat.error`).

import type { IncomingMessage } from 'node:http';
import type { RateLimits, LimitRule } from '../../domain/shared/rate-limits.js';
import { addressKey } from '../../domain/accounts/auth-throttle.js';
import { DomainError } from '../../jobs/runtime/errors.js';
import { addressOf } from '../plugins/client-address.js';

export interface SocketLimits {
  maxSocketsPerUser: number;
  messagesPerSecond: number;
  burst: number;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = { maxSocketsPerUser: 10, messagesPerSecond: 10, burst: 20 };

export type MeterVerdict = 'ok' | 'drop-and-tell' | 'drop' | 'close';

/** Token bucket of one socket's incoming messages. */
export class MessageMeter {
  private tokens: number;
  private last: number;
  private dropped = 0;

  constructor(private readonly limits: SocketLimits, now = Date.now()) {
    this.tokens = limits.burst;
    this.last = now;
  }

  take(now = Date.now()): MeterVerdict {
    this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.last) / 1000) * this.limits.messagesPerSecond);
    this.last = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.dropped = 0;
      return 'ok';
    }
    this.dropped += 1;
    if (this.dropped > this.limits.burst) return 'close';
    return this.dropped === 1 ? 'drop-and-tell' : 'drop';
  }

  /** How long until one more message is accepted. */
  retryAfterMs(): number {
    return Math.ceil(((1 - this.tokens) / this.limits.messagesPerSecond) * 1000);
  }
}

/**
 * The hub's admission check (SocketHub `admit`): spends one upgrade of the client
 * address's per-minute budget (Redis, shared by every gateway instance) and answers
 * the 429 to write when none is left. A Redis outage lets upgrades through, as the
 * other limits do.
 */
export function upgradeBudget(limits: RateLimits, perMinute: number, trustProxyHops: number): (req: IncomingMessage) => Promise<DomainError | null> {
  const rule: LimitRule = { name: 'ws-upgrade-ip', points: perMinute, durationSeconds: 60, message: `Too many WebSocket connections from this address: at most ${perMinute} a minute; try again shortly.` };
  return async (req) => {
    try {
      await limits.consume(rule, addressKey(addressOf(req.socket.remoteAddress ?? '', req.headers['x-forwarded-for'], trustProxyHops)));
      return null;
    } catch (err) {
      if (err instanceof DomainError) return err;
      throw err;
    }
  };
}
