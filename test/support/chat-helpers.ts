// Shared steps of the AI chat tests: REST calls as a user, raw rows for at-rest checks.
import type { Server } from '@hapi/hapi';
import type { TestUser } from '../factories/users.js';

export const json = (res: { payload: string }) => JSON.parse(res.payload);

export async function createSession(server: Server, user: TestUser, language = 'en'): Promise<{ id: string; language: string }> {
  const res = await server.inject({ method: 'POST', url: '/api/v1/support/chat/sessions/', payload: { language }, headers: user.auth });
  if (res.statusCode !== 201) throw new Error(`session not created: ${res.statusCode} ${res.payload}`);
  return json(res);
}

export function ask(server: Server, user: TestUser, sessionId: string, message: unknown) {
  return server.inject({ method: 'POST', url: `/api/v1/support/chat/sessions/${sessionId}/messages/`, payload: { message }, headers: user.auth });
}

export function consent(server: Server, user: TestUser, sessionId: string, payload: Record<string, unknown>) {
  return server.inject({ method: 'POST', url: `/api/v1/support/chat/sessions/${sessionId}/ticket/`, payload, headers: user.auth });
}
