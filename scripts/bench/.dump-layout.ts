import fs from 'node:fs';
import { openPdf, readPdfText } from '../../workers/invoice/formats/pdf.js';
import { buildLayout } from '../../workers/invoice/layout.js';
const f = process.argv[2];
const doc = await openPdf(fs.readFileSync(f));
const t = await readPdfText(doc, 5);
const l = buildLayout(t.tokens, t.pages, 1);
console.log(l.text);
