// The one way tests call the gateway in-process: server.inject, the body parsed as JSON
// when it is JSON (else left as text), the raw bytes kept for binary answers.
import type { Server } from '@hapi/hapi';

export type Headers = Record<string, string>;

export interface ApiAnswer {
  status: number;
  body: any;
  headers: Record<string, unknown>;
  raw: Buffer;
}

export async function callApi(server: Server, method: string, url: string, headers: Headers = {}, payload?: unknown): Promise<ApiAnswer> {
  const res = await server.inject({ method, url, headers, payload: payload as object });
  let body: any = null;
  try {
    body = res.payload ? JSON.parse(res.payload) : null;
  } catch {
    body = res.payload;
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
}

/** The JSON body of a fetch() answer from a real process (fetch types it unknown; tests read it freely). */
export async function jsonOf(res: Response): Promise<any> {
  return res.json();
}
