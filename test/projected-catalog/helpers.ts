// Shared by the /restqlapi tests: projection queries, multipart bodies with
// repeated part names, unique images and where their files land.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Server } from '@hapi/hapi';
import { callApi, type Headers } from '../helpers/http.js';

export const P = '/restqlapi/products';

export const q = (query: string) => `?query=${encodeURIComponent(query)}`;

let colour = 0;
/** A PNG no other test uses (content-addressed files must not be shared by accident). */
export async function uniquePng(): Promise<Buffer> {
  colour++;
  const seed = crypto.randomBytes(3);
  return sharp({ create: { width: 8 + (colour % 50), height: 8, channels: 3, background: { r: seed[0], g: seed[1], b: seed[2] } } }).png().toBuffer();
}

export const b64 = (buf: Buffer) => buf.toString('base64');

/** Where MediaStore keeps a file with these bytes. */
export function mediaFile(mediaRoot: string, data: Buffer, ext = 'png'): string {
  const sha = crypto.createHash('sha256').update(data).digest('hex');
  return path.join(mediaRoot, 'products', sha.slice(0, 2), `${sha}.${ext}`);
}
export const exists = (file: string) => fs.existsSync(file);

export type Part = [name: string, value: string | { filename: string; data: Buffer; contentType?: string }];

/** multipart/form-data with parts in order (a name may repeat). */
export function formData(parts: Part[]) {
  const boundary = `----projectedcatalogtest${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType ?? 'image/png'}\r\n\r\n`), value.data, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function sendForm(server: Server, method: string, url: string, headers: Headers, parts: Part[]) {
  const form = formData(parts);
  return callApi(server, method, url, { ...headers, 'content-type': form.contentType }, form.payload);
}

export const sku = (p = 'S') => `${p}-${crypto.randomBytes(4).toString('hex')}`;
