// The notification channel: job results and user notifications reach the user's
// sockets on whichever gateway instance holds them. A client that reconnects asks
// for a job's status with {"type": "jobs.get", "data": {"job_id": "..."}}.
import type { Server } from '@hapi/hapi';
import type { SocketHub } from '../realtime/socket-hub.js';
import { socketActor } from './scope.js';
import { jobStatusOut } from '../routes/respond.js';

export function registerNotificationChannel(server: Server, hub: SocketHub): void {
  hub.channel('/ws/notifications/', {
    onOpen(conn) {
      conn.send({ type: 'connection.ready', data: { user_id: conn.principal.userId, channel: 'notifications' } });
    },
    async onMessage(conn, message) {
      if (message.type === 'jobs.get') {
        const jobId = String((message.data as { job_id?: unknown })?.job_id ?? '');
        try {
          // a socket names no scope: jobs belong to the user who started them
          const status = await server.app.services.jobs.statusOf(jobId, socketActor(conn.principal));
          conn.send({ type: 'job.status', data: jobStatusOut(status, server.app.platform.config.publicBaseUrl) });
        } catch {
          conn.send({ type: 'error', data: { code: 'not_found', message: 'Job not found.' } });
        }
        return;
      }
      conn.send({ type: 'error', data: { code: 'unknown_type', message: `Unknown message type "${message.type}".` } });
    },
  });
}
