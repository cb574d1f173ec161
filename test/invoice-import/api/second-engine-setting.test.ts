// INVOICE_SECOND_ENGINE: by default a photo whose first reading is unsure of a field is read
// again by the second OCR engine, and the preview's extraction warnings say so; 'off' keeps
// tesseract's reading alone (an operator's choice of speed and memory over accuracy); any
// other value stops start-up. OCR_THREADS, beside it, is
// checked the same way.
import test from 'ava';
import { startApp, type TestApp } from '../../helpers/app.js';
import { invoicePng, sampleInvoice } from '../../factories/invoices.js';
import { testConfig } from '../../helpers/env.js';
import { owner, preview } from '../helpers.js';

let app: TestApp;
test.before(async () => {
  app = await startApp({ workers: ['invoices', 'imports'], env: { MEDIA_CONCURRENCY: '1', INVOICE_SECOND_ENGINE: 'off' } });
});
test.after.always(async () => app?.stop());

const SECOND_ENGINE = /another OCR engine/;

test('with the second engine off, an unsure photo keeps its first reading', async (t) => {
  const spec = sampleInvoice();
  const res = await preview(app.server, await owner(app.server), { filename: 'photo.png', data: await invoicePng(spec) });
  t.is(res.status, 200, JSON.stringify(res.body));
  t.is(res.body.extraction.format, 'image');
  t.like(res.body.invoice, { vendor_name: spec.vendor, invoice_number: spec.number });
  t.false((res.body.extraction.warnings as string[]).some((w) => SECOND_ENGINE.test(w)), JSON.stringify(res.body.extraction.warnings));
});

test('the setting is paddle by default, accepts off in any case, and refuses anything else', (t) => {
  t.is(testConfig().invoiceSecondEngine, 'paddle');
  t.is(testConfig({ INVOICE_SECOND_ENGINE: 'OFF' }).invoiceSecondEngine, 'off');
  t.throws(() => testConfig({ INVOICE_SECOND_ENGINE: 'tesseract' }), { message: /INVOICE_SECOND_ENGINE/ });
});

test('OCR_THREADS is 2 by default, 1 to 4, and refuses anything else', (t) => {
  t.is(testConfig().ocrThreads, 2);
  t.is(testConfig({ OCR_THREADS: '1' }).ocrThreads, 1);
  t.is(testConfig({ OCR_THREADS: '4' }).ocrThreads, 4);
  for (const bad of ['0', '5', 'two', '1.5']) t.throws(() => testConfig({ OCR_THREADS: bad }), { message: /OCR_THREADS/ }, bad);
});
