// The reader on synthetic lines: as a text layer (each line's confidence 1) or as an OCR reading of them.
import { layoutFromText, type Layout } from '../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../workers/invoice/text/read-invoice.js';

/** The same lines as an OCR reading: the engine's confidence `conf` (under 1) on every line and cell. */
export const asOcr = (layout: Layout, conf = 0.85): Layout => ({ ...layout, quality: conf, lines: layout.lines.map((l) => ({ ...l, conf, cells: l.cells.map((c) => ({ ...c, conf })) })) });
/** The header read from lines of a text layer. */
export const readText = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;
/** The header read from the same lines as an OCR reading. */
export const readOcr = (lines: string[], conf = 0.85) => readLaidOutInvoice(asOcr(layoutFromText(lines.join('\n')), conf)).header;
