// Shared steps of the AI chat tests: REST calls as a user, raw rows for at-rest checks.
import type { Server } from '@hapi/hapi';
import type { TestUser } from '../factories/users.js';
import { callApi } from '../helpers/http.js';

export const json = (res: { payload: string }) => JSON.parse(res.payload);

export async function createSession(server: Server, user: TestUser, language = 'en'): Promise<{ id: string; language: string }> {
  const res = await callApi(server, 'POST', '/api/v1/support/chat/sessions/', user.auth, { language });
  if (res.status !== 201) throw new Error(`session not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export function ask(server: Server, user: TestUser, sessionId: string, message: unknown) {
  return server.inject({ method: 'POST', url: `/api/v1/support/chat/sessions/${sessionId}/messages/`, payload: { message }, headers: user.auth });
}

export function consent(server: Server, user: TestUser, sessionId: string, payload: Record<string, unknown>) {
  return server.inject({ method: 'POST', url: `/api/v1/support/chat/sessions/${sessionId}/ticket/`, payload, headers: user.auth });
}
