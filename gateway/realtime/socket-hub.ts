// The socket hub: WebSockets on the gateway's own port, authenticated with the
// bearer access token in `?token=`, indexed by user so that any part of the
// platform can address a user. Channels (paths) register a connection handler.
import { WebSocketServer, type WebSocket, type RawData } from 'ws';
import { STATUS_CODES, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { DomainError } from '../../jobs/runtime/errors.js';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import type { Principal } from '../../domain/accounts/token-service.js';
import { CloseCodes, type ServerMessage } from './messages.js';
import { sha256Hex } from '../../jobs/runtime/secrets.js';
import { inspectInput, problemError } from '../http/input-guard.js';
import { httpHeadersOf, httpStatusOf } from '../http/errors.js';
import { DEFAULT_SOCKET_LIMITS, MessageMeter, type SocketLimits } from './socket-limits.js';

export interface Connection {
  socket: WebSocket;
  principal: Principal;
  url: URL;
  /** the channel's path, e.g. /ws/notifications/ */
  channel: string;
  send(message: ServerMessage): void;
}

export interface Channel {
  onOpen?(conn: Connection): void | Promise<void>;
  onMessage?(conn: Connection, message: { type: string; data: unknown }): void | Promise<void>;
  onClose?(conn: Connection): void;
  /** this channel's own socket and message limits, over the hub's (socket-limits.ts) */
  limits?: Partial<SocketLimits>;
  /** how this channel words an error message (default {"type": "error", "data": {code, message}}) */
  errorMessage?(code: string, message: string, extra?: Record<string, unknown>): ServerMessage;
  /** an event published for this channel and one of its users, from any process (relay `channel.event`) */
  onEvent?(conns: Connection[], event: string, data: Record<string, unknown>): void | Promise<void>;
}

const defaultErrorMessage = (code: string, message: string, extra: Record<string, unknown> = {}): ServerMessage => ({ type: 'error', data: { code, message, ...extra } });

const HEARTBEAT_MS = 30_000;
const MAX_MESSAGE_BYTES = 64 * 1024;

export class SocketHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly channels = new Map<string, { channel: Channel; limits: SocketLimits }>();
  private readonly alive = new WeakSet<WebSocket>();
  /** the access token each connection authenticated with, to check it again on revocation */
  private readonly tokens = new WeakMap<Connection, { token: string; hash: string }>();
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly authenticate: (token: string) => Promise<Principal | null>,
    private readonly log: Logger,
    private readonly limits: SocketLimits = DEFAULT_SOCKET_LIMITS,
    /**
     * Checked first on every upgrade, before the token is looked at: a refusal (the
     * per-address upgrade budget, 429) is answered as plain HTTP and no socket opens.
     */
    private readonly admit: (req: IncomingMessage) => Promise<DomainError | null> = async () => null,
  ) {}

  /** Registers a socket path; every channel gets the hub's limits unless it sets its own. */
  channel(path: string, channel: Channel): void {
    this.channels.set(path, { channel, limits: { ...this.limits, ...channel.limits } });
  }

  attach(server: HttpServer): void {
    server.on('upgrade', (req, socket, head) => {
      this.upgrade(req, socket, head).catch((err) => {
        this.log.error({ err }, 'websocket upgrade failed');
        socket.destroy();
      });
    });
    this.heartbeat = setInterval(() => this.sweep(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get connectionCount(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Sends to every socket of the user, or only to those of one channel path. */
  sendToUser(userId: string, message: ServerMessage, channel?: string): number {
    const conns = this.byUser.get(userId);
    if (!conns) return 0;
    const text = JSON.stringify(message);
    let n = 0;
    for (const c of conns) {
      if (channel && c.channel !== channel) continue;
      if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
      n++;
    }
    return n;
  }

  /** Hands a channel event to its channel's handler with the user's sockets on this instance (none: nothing to do). */
  async channelEvent(path: string, userId: string, event: string, data: Record<string, unknown>): Promise<void> {
    const channel = this.channels.get(path)?.channel;
    const conns = [...(this.byUser.get(userId) ?? [])].filter((c) => c.channel === path);
    if (!channel?.onEvent || conns.length === 0) return;
    await channel.onEvent(conns, event, data);
  }

  /** Ends every connection of a user (tokens revoked). */
  disconnectUser(userId: string, reason: string): void {
    for (const c of this.byUser.get(userId) ?? []) c.socket.close(CloseCodes.unauthorized, reason);
  }

  /**
   * A revocation was announced (logout, password change, stolen refresh token): close
   * the sockets opened with a revoked token (4401). For a user-wide announcement each
   * of the user's tokens is checked again, since some logins may have been kept.
   */
  async revoked(event: { user_id?: string; token_hashes?: string[] }): Promise<void> {
    const hashes = new Set(event.token_hashes ?? []);
    for (const set of this.byUser.values()) {
      for (const c of set) {
        const held = this.tokens.get(c);
        if (!held) continue;
        if (hashes.has(held.hash)) c.socket.close(CloseCodes.unauthorized, 'token revoked');
        else if (c.principal.userId === event.user_id && !(await this.authenticate(held.token))) c.socket.close(CloseCodes.unauthorized, 'token revoked');
      }
    }
  }

  /**
   * Says goodbye to every socket (registered or still authenticating), waits up to
   * `graceMs` for the close handshakes and cuts whatever is left: a client that never
   * answers cannot hold a shutdown.
   */
  async close(graceMs = 2000): Promise<void> {
    clearInterval(this.heartbeat);
    const closed = new Promise<void>((resolve) => this.wss.close(() => resolve()));
    for (const ws of this.wss.clients) ws.close(CloseCodes.goingAway, 'server shutting down');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
    if ((await Promise.race([closed, late])) === 'late') {
      for (const ws of this.wss.clients) ws.terminate();
      await closed;
    }
    clearTimeout(timer);
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const refused = await this.admit(req);
    if (refused) return refuseUpgrade(socket, refused);
    const url = new URL(req.url ?? '/', 'http://internal');
    const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
    const registered = this.channels.get(path);
    const token = url.searchParams.get('token') ?? bearerFrom(req.headers.authorization);
    const principal = registered && token ? await this.authenticate(token) : null;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // accept, then close with a clear code: browsers cannot read a refused upgrade's status
      if (!registered) return ws.close(CloseCodes.notFound, 'unknown websocket path');
      if (!principal) return ws.close(CloseCodes.unauthorized, token ? 'invalid or expired token' : 'token query parameter is required');
      if (this.openOn(principal.userId, path) >= registered.limits.maxSocketsPerUser) {
        return ws.close(CloseCodes.overLimit, `too many sockets: at most ${registered.limits.maxSocketsPerUser} per user on ${path}`);
      }
      this.tokens.set(this.open(ws, principal, url, path, registered.channel, registered.limits), { token: token!, hash: sha256Hex(token!) });
    });
  }

  /** The user's open sockets on one channel. */
  private openOn(userId: string, path: string): number {
    let n = 0;
    for (const c of this.byUser.get(userId) ?? []) if (c.channel === path) n++;
    return n;
  }

  private open(ws: WebSocket, principal: Principal, url: URL, path: string, channel: Channel, limits: SocketLimits): Connection {
    const conn: Connection = {
      socket: ws,
      principal,
      url,
      channel: path,
      send: (message) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
      },
    };
    const meter = new MessageMeter(limits);
    let set = this.byUser.get(principal.userId);
    if (!set) this.byUser.set(principal.userId, (set = new Set()));
    set.add(conn);
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    // a timer holds at most 2^31-1 ms (~24.8 days): longer-lived personal API tokens reconnect then
    const expiry = setTimeout(() => ws.close(CloseCodes.unauthorized, 'token expired'), Math.max(0, Math.min(2 ** 31 - 1, principal.expiresAt - Date.now())));
    expiry.unref();
    ws.on('close', () => {
      clearTimeout(expiry);
      set!.delete(conn);
      if (set!.size === 0) this.byUser.delete(principal.userId);
      channel.onClose?.(conn);
    });
    ws.on('error', () => undefined);
    ws.on('message', (raw: RawData) => this.receive(conn, raw, meter, channel, limits));
    Promise.resolve(channel.onOpen?.(conn)).catch((err) => this.log.error({ err }, 'websocket open handler failed'));
    return conn;
  }

  /** One message from a client: metered, parsed and checked like an HTTP body, then handed to its channel. */
  private receive(conn: Connection, raw: RawData, meter: MessageMeter, channel: Channel, limits: SocketLimits): void {
    const ws = conn.socket;
    const errorMessage = channel.errorMessage ?? defaultErrorMessage;
    // metered before anything else is done with it
    const verdict = meter.take();
    if (verdict === 'close') return void ws.close(CloseCodes.overLimit, `message rate exceeded: at most ${limits.messagesPerSecond} per second`);
    if (verdict === 'drop-and-tell') {
      return void conn.send(errorMessage('rate_limited', `Too many messages: at most ${limits.messagesPerSecond} per second (bursts of ${limits.burst}); this one was dropped.`, { retry_after_ms: meter.retryAfterMs() }));
    }
    if (verdict === 'drop') return;
    const parsed = parseMessage(raw);
    if (!parsed) return void conn.send(errorMessage('invalid_message', 'Messages must be JSON objects with a string "type".'));
    // the same hostile-input rules as HTTP bodies (gateway/http/input-guard.ts)
    const problem = inspectInput(parsed, 'message');
    if (problem) {
      const refused = problemError(problem);
      // the refused request is named, as every other error names it, when its type and id are clean
      const clean = (v: unknown) => (typeof v === 'string' && !inspectInput(v, 'v') ? v.slice(0, 100) : undefined);
      const requestType = clean(parsed.type);
      const requestId = clean((parsed.data as { request_id?: unknown } | undefined)?.request_id);
      return void conn.send(errorMessage(refused.code, refused.message, { details: refused.details, ...(requestType ? { request_type: requestType } : {}), ...(requestId ? { request_id: requestId } : {}) }));
    }
    if (parsed.type === 'ping') return void conn.send({ type: 'pong', data: {} });
    Promise.resolve(channel.onMessage?.(conn, parsed)).catch((err) => {
      this.log.error({ err }, 'websocket message handler failed');
      conn.send(errorMessage('internal_error', 'The message could not be handled.'));
    });
  }

  private sweep(): void {
    for (const set of this.byUser.values()) {
      for (const c of set) {
        if (!this.alive.has(c.socket)) {
          c.socket.terminate();
          continue;
        }
        this.alive.delete(c.socket);
        c.socket.ping();
      }
    }
  }
}

/**
 * Answers an upgrade request with a plain HTTP error in the documented body (the
 * socket never opens): what a client sees on a 429 is the same as on any route —
 * status, Retry-After and {"error": {code, message, details}}.
 */
function refuseUpgrade(socket: Duplex, err: DomainError): void {
  const body = JSON.stringify({ error: { code: err.code, message: err.message, details: err.details } });
  const headers = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
    ...httpHeadersOf(err),
  };
  const status = httpStatusOf(err);
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  if (socket.writable) socket.end(`${head}\r\n\r\n${body}`);
  else socket.destroy();
}

function bearerFrom(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1] : null;
}

function parseMessage(raw: RawData): { type: string; data: unknown } | null {
  try {
    const value = JSON.parse(raw.toString());
    if (value && typeof value === 'object' && typeof value.type === 'string') return { type: value.type, data: value.data ?? {} };
  } catch {
    /* not JSON */
  }
  return null;
}
