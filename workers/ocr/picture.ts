// What the OCR module reads: an encoded picture (the bytes of a PNG, JPEG, … upload) or
// pixels already decoded (a PDF page we rendered ourselves). Handing the rendered page
// over as pixels spares a PNG encode and the decodes after it (~0.3 s for an A4 page at
// 200 dpi). Either way the decompression-bomb guard applies: sharp refuses a picture,
// encoded or raw, over `limitInputPixels`.
import sharp from 'sharp';

/** Decoded pixels, row by row, `channels` bytes each (1: grey; 4: RGBA). */
export interface RawPicture {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export type Picture = Buffer | RawPicture;

export const isRawPicture = (p: Picture): p is RawPicture => !Buffer.isBuffer(p);

/**
 * A sharp pipeline reading the picture. An encoded one is turned upright by its EXIF
 * orientation (raw pixels have none: they are upright already).
 */
export function readPicture(p: Picture, opts: { limitInputPixels: number; failOn?: 'error' }): sharp.Sharp {
  if (!isRawPicture(p)) return sharp(p, opts).rotate();
  return sharp(p.data, { ...opts, raw: { width: p.width, height: p.height, channels: p.channels } });
}
