// A local OpenAI-compatible server for tests of the model engine: POST
// /v1/chat/completions answers with whatever the test's responder returns (a
// completion's content, an HTTP error, a delay). It records every request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  model: string;
  messages: { role: string; content: string }[];
  max_tokens?: number;
  response_format?: unknown;
  [key: string]: unknown;
}

export type StubAnswer =
  | { content: string; delayMs?: number; finishReason?: string; completionTokens?: number }
  | { status: number; body?: unknown; delayMs?: number };

export interface OpenAiStub {
  baseUrl: string;
  requests: StubRequest[];
  respond(responder: (req: StubRequest) => StubAnswer): void;
  close(): Promise<void>;
}

export async function startOpenAiStub(): Promise<OpenAiStub> {
  let responder: (req: StubRequest) => StubAnswer = () => ({ content: '{}' });
  const requests: StubRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as StubRequest;
      requests.push(body);
      const answer = responder(body);
      if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
      if (res.destroyed) return;
      if ('status' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body ?? { error: { message: 'stub failure', type: 'server_error' } }));
        return;
      }
      const completion = {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: answer.finishReason ?? 'stop' }],
        usage: { prompt_tokens: 100, completion_tokens: answer.completionTokens ?? Math.ceil(answer.content.length / 4), total_tokens: 0 },
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion));
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    respond(fn) {
      responder = fn;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A well-formed model answer. */
export function modelJson(fields: Partial<{ answer: string; cited_sources: number[]; resolved: boolean; should_offer_ticket: boolean; suggested_actions: string[]; ticket_draft: unknown }> = {}): string {
  return JSON.stringify({ answer: 'Use the invoice import.', cited_sources: [1], resolved: true, should_offer_ticket: false, suggested_actions: ['Open the invoice import'], ticket_draft: null, ...fields });
}
