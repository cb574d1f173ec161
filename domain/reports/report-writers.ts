// The two file formats. Both take the detail rows as an async iterable (a database
// cursor) and write as they read, so a report of any length holds one batch of rows
// in memory. `tick` is called per row for progress.
import fs from 'node:fs';
import { finished, pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { Column } from './report-kinds.js';
import { barChartSvg, chartSize } from './chart-svg.js';
import type { ChartSeries } from './report-sql.js';

type Row = Record<string, unknown>;

/** RFC 4180 field; text that a spreadsheet would run as a formula is prefixed with a quote. */
export function csvField(value: unknown, numeric = false): string {
  let s = value == null ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (!numeric && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** how many bytes of CSV lines are gathered before they are handed to the file */
const CSV_CHUNK = 64 * 1024;

/**
 * Streams the rows into the file through one transform: each row becomes a line
 * synchronously and lines leave in chunks of ~64 KiB, so a million rows cost no
 * promise per row; backpressure is the pipeline's.
 */
export async function writeCsv(file: string, columns: Column[], rows: AsyncIterable<Row>, tick: () => void): Promise<void> {
  const keys = columns.map((c) => c.key);
  const numeric = columns.map((c) => !!c.numeric);
  let pending = `${columns.map((c) => csvField(c.header)).join(',')}\r\n`;
  const encode = new Transform({
    writableObjectMode: true,
    writableHighWaterMark: 2000,
    transform(row: Row, _enc, done) {
      try {
        tick();
        let line = '';
        for (let i = 0; i < keys.length; i++) line += (i ? ',' : '') + csvField(row[keys[i]], numeric[i]);
        pending += `${line}\r\n`;
        if (pending.length < CSV_CHUNK) return done();
        const chunk = pending;
        pending = '';
        done(null, chunk);
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done) {
      done(null, pending);
    },
  });
  await pipeline(rows, encode, fs.createWriteStream(file));
}

export interface PdfHeader {
  title: string;
  scope: string;
  filters: string;
  generatedAt: Date;
  /** label → figure lines under the title */
  figures: [string, string][];
}

/**
 * A PDF table keeps every page it has not flushed; past this many rows the document
 * says how many more are in the CSV instead of growing without bound.
 */
export const PDF_MAX_ROWS = 2000;

export async function writePdf(file: string, header: PdfHeader, chart: ChartSeries, columns: Column[], rows: AsyncIterable<Row>, totalRows: number, tick: () => void): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: header.title, Creator: 'Inventory Platform' } });
  const out = fs.createWriteStream(file);
  doc.pipe(out);
  doc.font('Helvetica-Bold').fontSize(18).text(header.title);
  doc.font('Helvetica').fontSize(9).moveDown(0.3)
    .text(`Scope: ${header.scope}`)
    .text(`Filters: ${header.filters}`)
    .text(`Generated: ${header.generatedAt.toISOString()}`);
  doc.moveDown(0.5);
  for (const [label, value] of header.figures) doc.text(`${label}: ${value}`);
  doc.moveDown(0.5);
  await drawChart(doc, chart);
  // svg-to-pdfkit leaves the document on the SVG's last font
  doc.font('Helvetica').fontSize(7);
  const table = doc.table({
    columnStyles: columns.map((c) => ({ align: { x: c.numeric ? 'right' : 'left' } })),
    defaultStyle: { padding: [1, 2, 1, 2], border: 0.3 },
  });
  table.row(columns.map((c) => ({ text: c.header, font: { src: 'Helvetica-Bold' }, backgroundColor: '#eeeeee' })));
  let shown = 0;
  // the caller limits the query to PDF_MAX_ROWS; rows past it (none) would only be counted
  for await (const row of rows) {
    tick();
    if (shown >= PDF_MAX_ROWS) continue;
    table.row(columns.map((c) => (row[c.key] == null ? '' : String(row[c.key]))));
    shown++;
  }
  table.end();
  if (totalRows > shown) doc.moveDown(0.5).font('Helvetica-Oblique').fontSize(8).text(`${totalRows - shown} more row(s) are in the CSV of this report.`);
  doc.end();
  await finished(out);
}

async function drawChart(doc: PDFKit.PDFDocument, chart: ChartSeries): Promise<void> {
  if (!chart.points.length) {
    doc.font('Helvetica-Oblique').fontSize(9).text('No data to chart.').moveDown(0.5);
    return;
  }
  const svg = await barChartSvg(chart);
  const size = chartSize(svg);
  const width = Math.min(size.width, doc.page.width - 72);
  const height = (size.height * width) / size.width;
  if (doc.y + height > doc.page.height - 72) doc.addPage();
  SVGtoPDF(doc, svg, doc.page.margins.left, doc.y, { width, height, assumePt: true });
  doc.y += height + 12;
  doc.x = doc.page.margins.left;
}
