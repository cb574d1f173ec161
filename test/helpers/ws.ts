// A WebSocket test client that keeps every message it receives, so a test can wait
// for a message type (or the close) without racing the server.
import WebSocket from 'ws';

export interface Message {
  type: string;
  data: any;
}

export interface TestSocket {
  socket: WebSocket;
  messages: Message[];
  /** resolves with the first message (already received or future) that matches */
  next(type: string, match?: (m: Message) => boolean, timeoutMs?: number): Promise<Message>;
  send(message: unknown): void;
  /** resolves with the close code and reason */
  closed: Promise<{ code: number; reason: string }>;
  /** the close code, or a failure when the server has not closed the socket in time */
  closeCode(timeoutMs?: number): Promise<number>;
  close(): void;
}

export function wsUrl(httpUrl: string, path: string, token?: string): string {
  const url = new URL(path, httpUrl.replace(/^http/, 'ws'));
  if (token !== undefined) url.searchParams.set('token', token);
  return url.toString();
}

export function connect(url: string): TestSocket {
  const socket = new WebSocket(url);
  const messages: Message[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()));
    for (const l of listeners) l();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return {
    socket,
    messages,
    closed,
    closeCode: (timeoutMs = 5000) =>
      Promise.race([closed.then((c) => c.code), new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`socket ${url} was not closed within ${timeoutMs} ms`)), timeoutMs).unref())]),
    next(type, match = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find((m) => m.type === type && match(m));
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no "${type}" message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    send(message) {
      socket.send(JSON.stringify(message));
    },
    close() {
      socket.close();
    },
  };
}

/** Resolves with the close code when the server ends the connection within the timeout. */
export async function closeCodeOf(url: string, timeoutMs = 5000): Promise<number> {
  return connect(url).closeCode(timeoutMs);
}
