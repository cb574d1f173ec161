// Result and progress events that workers publish and every gateway instance relays
// to its own sockets and HTTP waiters (Redis pub/sub reaches all instances).
export interface JobFinishedEvent {
  kind: 'job.completed' | 'job.failed';
  job_id: string;
  name: string;
  queue: string;
  actor_id: string | null;
  result?: unknown;
  error?: { code: string; message: string };
  finished_at: string;
  /** the attempts it took and its last progress, as a read of the finished job tells them (absent from older workers) */
  attempts_made?: number;
  progress?: unknown;
}

/** A realtime message addressed to one user (notifications, alerts, pushes). */
export interface UserMessageEvent {
  kind: 'user.message';
  user_ids: string[];
  message: { type: string; data: unknown };
  /** the socket channel path it is for (default /ws/notifications/) */
  channel?: string;
}

/**
 * Something happened that a socket channel's handler turns into messages (an AI chat
 * reply is ready). It carries ids only: the instance holding the user's sockets reads
 * and decrypts the rest, so no conversation text passes through Redis.
 */
export interface ChannelEvent {
  kind: 'channel.event';
  channel: string;
  user_id: string;
  event: string;
  data: Record<string, unknown>;
}

/** Tokens revoked on one instance must stop working on all of them at once. */
export interface TokensRevokedEvent {
  kind: 'auth.revoked';
  user_id?: string;
  token_hashes?: string[];
}

export type RealtimeEvent = JobFinishedEvent | UserMessageEvent | ChannelEvent | TokensRevokedEvent;

/**
 * Redis pub/sub ignores the database index, so the channel names it: two installs
 * sharing one Redis on different indexes never see each other's events.
 */
export const realtimeChannel = (prefix: string, db = 0) => `${prefix}:realtime:${db}`;
