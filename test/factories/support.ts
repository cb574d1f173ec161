// Support ticket factories: tickets opened through the API (JSON or multipart) and
// a multipart call with repeated part names.
import { randomBytes } from 'node:crypto';
import type { Server } from '@hapi/hapi';
import type { TestUser } from './users.js';
import { multipart } from './images.js';
import { callApi, type ApiAnswer, type Headers } from '../helpers/http.js';

export type { Headers };

/** A multipart request: string fields, repeated fields as arrays, files as {filename, data}. */
export async function callMultipart(server: Server, method: string, url: string, headers: Headers, fields: Record<string, string | string[] | { filename: string; contentType?: string; data: Buffer } | { filename: string; contentType?: string; data: Buffer }[]>): Promise<ApiAnswer> {
  const flat: [string, string | { filename: string; contentType?: string; data: Buffer }][] = [];
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) flat.push([k, item]);
  // multipart() takes an object; repeated names need distinct keys, so build the body part by part
  const bodies = flat.map(([k, v]) => multipart({ [k]: v }));
  const boundary = /boundary=(.+)$/.exec(bodies[0]?.headers['content-type'] ?? 'boundary=x')![1];
  const parts = bodies.map((b) => {
    const own = /boundary=(.+)$/.exec(b.headers['content-type'])![1];
    const text = b.payload.toString('latin1').replaceAll(own, boundary);
    return Buffer.from(text.slice(0, text.lastIndexOf(`--${boundary}--`)), 'latin1');
  });
  const payload = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  return callApi(server, method, url, { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload);
}

export const word = () => `w${randomBytes(5).toString('hex')}`;

export async function buildTicket(server: Server, user: TestUser, overrides: Record<string, unknown> = {}, headers: Headers = {}) {
  const r = await callApi(server, 'POST', '/api/support-tickets/', { ...user.auth, ...headers }, { subject: `Printer ${word()}`, description: `The label printer stopped ${word()}`, ...overrides });
  if (r.status !== 201) throw new Error(`POST /api/support-tickets/ -> ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
