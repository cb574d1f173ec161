// OCR output kept on disk between bench runs (scripts/bench/invoice-accuracy.ts,
// invoice-picture-agreement.ts), so a change to the reader is measured in seconds. The key
// holds the images, their page numbers and scale, a second look's engine, tesseract's bands
// and the OCR pipeline's id: a change to the OCR itself reads every picture afresh.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { OcrFunction } from '../../workers/invoice/extract.js';
import { PADDLE_PIPELINE_ID } from '../../workers/ocr/paddle-ocr.js';

export interface OcrCache {
  ocr: OcrFunction;
  /** readings answered from the disk so far */
  hits: () => number;
}

export async function cachedOcr(dir: string): Promise<OcrCache> {
  const { ocrTokens, OCR_PIPELINE_ID } = await import('../../workers/invoice/formats/image.js');
  fs.mkdirSync(dir, { recursive: true });
  let hits = 0;
  const ocr: OcrFunction = async (images, timeoutMs, pageNumbers, scale, rendered, options) => {
    const hash = createHash('sha256').update(OCR_PIPELINE_ID).update(JSON.stringify([pageNumbers ?? null, scale ?? 1, Boolean(rendered), ...(options?.engine === 'paddle' ? [PADDLE_PIPELINE_ID] : []), ...((options?.threads ?? 1) > 1 && options?.engine !== 'paddle' ? [`bands of ${options?.threads}`] : [])]));
    // (a rendered page comes as pixels: its size is part of the key)
    for (const img of images) hash.update(Buffer.isBuffer(img) ? img : Buffer.concat([Buffer.from(`${img.width}x${img.height}x${img.channels}`), img.data]));
    const file = path.join(dir, `${hash.digest('hex').slice(0, 32)}.json`);
    if (fs.existsSync(file)) {
      hits++;
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    }
    const out = await ocrTokens(images, timeoutMs, pageNumbers, scale, rendered, options);
    fs.writeFileSync(file, JSON.stringify(out));
    return out;
  };
  return { ocr, hits: () => hits };
}
