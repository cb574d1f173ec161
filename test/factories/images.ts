// Pictures made in the test: barcodes drawn by zxing-wasm's writer (its .wasm loaded
// from node_modules, no download) and text rendered by sharp from SVG.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | null = null;

export async function barcodePng(text: string, format: 'EAN13' | 'EAN8' | 'UPCA' | 'UPCE' | 'QRCode' = 'EAN13', opts: { scale?: number; margin?: number } = {}): Promise<Buffer> {
  ready ??= fs.readFile(require.resolve('zxing-wasm/writer/zxing_writer.wasm')).then((bin) =>
    prepareZXingModule({ overrides: { wasmBinary: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer }, fireImmediately: true }),
  );
  await ready;
  const out = await writeBarcode(text, { format, scale: opts.scale ?? 3 });
  if (out.error || !out.image) throw new Error(`zxing writer: ${out.error}`);
  const png = Buffer.from(await out.image.arrayBuffer());
  const m = opts.margin ?? 30;
  // a photo has surroundings: pad with white and save as JPEG like a phone would
  return sharp(png).extend({ top: m, bottom: m, left: m, right: m, background: 'white' }).flatten({ background: 'white' }).png().toBuffer();
}

export async function textPng(lines: string[], opts: { width?: number; fontSize?: number } = {}): Promise<Buffer> {
  const size = opts.fontSize ?? 40;
  const width = opts.width ?? 1200;
  const height = (lines.length + 1) * size * 1.6;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/>${lines
    .map((l, i) => `<text x="40" y="${(i + 1) * size * 1.6}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="black">${esc(l)}</text>`)
    .join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export const solidPng = (width = 64, height = 48, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })[format]().toBuffer();

/** A multipart/form-data body for server.inject. */
export function multipart(fields: Record<string, string | number | boolean | { filename: string; contentType?: string; data: Buffer }>) {
  const boundary = `----catalogtest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'object') {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`));
      parts.push(value.data, Buffer.from('\r\n'));
    } else {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`));
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
