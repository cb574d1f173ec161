// Reads retail barcodes (EAN/UPC, ITF-14, GS1 DataBar) from a photo with zxing-wasm.
// The WebAssembly binary is loaded from node_modules: the package's default
// locateFile would fetch it from a CDN at run time, which production must never do.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes, type ReadResult } from 'zxing-wasm/reader';
import { UnreadableImage } from '../ocr/recognize.js';

export interface DecodedBarcode {
  text: string;
  /** zxing's name, e.g. EAN-13, UPC-A, UPC-E, ITF-14, DataBar */
  format: string;
}

const require = createRequire(import.meta.url);
let ready: Promise<unknown> | null = null;

export function prepareBarcodeReader(): Promise<unknown> {
  ready ??= fs.readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).then((bin) =>
    prepareZXingModule({
      overrides: { wasmBinary: bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength) as ArrayBuffer },
      fireImmediately: true,
    }),
  );
  ready.catch(() => {
    ready = null;
  });
  return ready;
}

/** zxing's format names as people write them */
const FORMAT_LABELS: Record<string, string> = { EAN13: 'EAN-13', EAN8: 'EAN-8', UPCA: 'UPC-A', UPCE: 'UPC-E', ITF14: 'ITF-14', ITF: 'ITF', DataBar: 'DataBar', DataBarOmni: 'DataBar', DataBarLtd: 'DataBar Limited', DataBarExp: 'DataBar Expanded' };

const MAX_SIDE = 2500;
const MAX_INPUT_PIXELS = 60_000_000;

/** All retail barcodes zxing finds in the picture, best first. */
export async function decodeBarcodes(image: Buffer): Promise<DecodedBarcode[]> {
  await prepareBarcodeReader();
  let pixels: { data: Buffer; width: number; height: number };
  try {
    // decode any supported format ourselves (sharp) and hand zxing raw grey pixels,
    // upright and of bounded size
    const { data, info } = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    pixels = { data, width: info.width, height: info.height };
  } catch (err) {
    throw new UnreadableImage(`The image could not be decoded: ${(err as Error).message}`);
  }
  // zxing takes anything shaped like ImageData (RGBA pixels, width, height)
  const imageData = { data: new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.byteLength), width: pixels.width, height: pixels.height };
  const results: ReadResult[] = await readBarcodes(imageData as unknown as Parameters<typeof readBarcodes>[0], {
    formats: ['EANUPC', 'ITF14', 'DataBar', 'DataBarLtd'],
    tryHarder: true,
    tryRotate: true,
    tryInvert: true,
    tryDownscale: true,
    maxNumberOfSymbols: 8,
  });
  return results.filter((r) => r.isValid && r.text).map((r) => ({ text: r.text, format: FORMAT_LABELS[r.format] ?? r.format }));
}
