// Every realtime message is {type, data}. Server-to-client types of the notification
// channel; other channels (AI chat) declare their own beside their handlers.
import type { JobStatusOut } from '../routes/respond.js';

export type ServerMessage =
  | { type: 'connection.ready'; data: { user_id: string; channel: string } }
  | { type: 'job.completed'; data: { job_id: string; name: string; result: unknown; finished_at: string } }
  | { type: 'job.failed'; data: { job_id: string; name: string; error: { code: string; message: string }; finished_at: string } }
  | { type: 'job.status'; data: JobStatusOut }
  | { type: 'notification'; data: Record<string, unknown> }
  | { type: 'pong'; data: Record<string, never> }
  | { type: 'error'; data: { code: string; message: string } }
  | { type: string; data: unknown };

/**
 * Close codes: 4401 = missing/invalid/expired/revoked token, 4404 = unknown path,
 * 4429 = over a limit (too many sockets for this user on the channel, or messages
 * sent on after rate_limited errors; back off before reconnecting), 1009 = a message
 * over 64 KiB, 1001 = shutting down.
 */
export const CloseCodes = { unauthorized: 4401, notFound: 4404, overLimit: 4429, goingAway: 1001 } as const;
