// The tesseract workers of a process (workers/ocr/tesseract-pool.ts): callers reading at
// once each get their own picture's text, a reading over its time limit is an OcrTimeout
// that throws away only the stuck worker, and the next reading works.
import test from 'ava';
import sharp from 'sharp';
import { recognize, shutdownOcr, OcrTimeout } from '../../../workers/ocr/recognize.js';

test.after.always(() => shutdownOcr());

async function slip(lines: string[]): Promise<Buffer> {
  const text = lines.map((l, i) => `<text x="20" y="${40 + i * 32}" font-family="DejaVu Sans Mono, monospace" font-size="20">${l}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="${60 + lines.length * 32}"><rect width="100%" height="100%" fill="white"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const shop = (name: string, total: string) => [`${name} TRADING SDN BHD`, 'NO 5 JALAN BESAR 50000 KUALA LUMPUR', 'INVOICE 1001', 'Date 12/01/2019', 'Rice 5kg 1 x 18.90 18.90', 'Sugar 1kg 2 x 2.85 5.70', 'Salt 1 x 1.20 1.20', `TOTAL RM ${total}`, 'THANK YOU'];

test.serial('readings at once, banded and whole, each get their own text', async (t) => {
  const [a, b, c] = await Promise.all([slip(shop('ALPHA', '25.80')), slip(shop('BRAVO', '31.40')), slip(shop('DELTA', '47.05'))]);
  const [ra, rb, rc, plain] = await Promise.all([
    recognize(a, { document: true, threads: 2 }),
    recognize(b, { document: true, threads: 2 }),
    recognize(c, { document: true, threads: 1 }),
    recognize(a),
  ]);
  t.regex(ra.text, /ALPHA[\s\S]*TOTAL RM 25\.80/);
  t.regex(rb.text, /BRAVO[\s\S]*TOTAL RM 31\.40/);
  t.regex(rc.text, /DELTA[\s\S]*TOTAL RM 47\.05/);
  t.regex(plain.text, /ALPHA[\s\S]*TOTAL RM 25\.80/);
  t.notRegex(ra.text, /BRAVO|DELTA/);
});

test.serial('a reading over its time limit is an OcrTimeout, and the next reading works', async (t) => {
  const picture = await slip(shop('ECHO', '12.00'));
  await t.throwsAsync(recognize(picture, { document: true, threads: 2, timeoutMs: 5 }), { instanceOf: OcrTimeout });
  const again = await recognize(picture, { document: true, threads: 2 });
  t.regex(again.text, /ECHO[\s\S]*TOTAL RM 12\.00/);
});
