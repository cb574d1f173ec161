// A decompression guard for PDFs, run before pdf.js opens one. A Flate stream
// compresses runs of one byte about 1,000 : 1, so a 1 MB upload can hold a page whose
// content stream is 1 GB of spaces: pdf.js would inflate and tokenise all of it in its
// own JavaScript (about a minute of a worker's CPU for nothing). Here every Flate stream
// that is not a picture is inflated by zlib (native, bounded by maxOutputLength, a few
// milliseconds for a real invoice) and the decoded sizes are added up; a document over
// the budget is refused before pdf.js starts. Pictures are left out: pdf.js checks their
// declared size first (maxImageSize) and the page-picture path bounds their pixels.
import zlib from 'node:zlib';
import { UnreadableDocument } from '../types.js';

/**
 * Decoded bytes of the non-picture Flate streams (page contents, fonts, object streams)
 * one document may hold. A text invoice decodes to well under 1 MiB, a font-heavy one to
 * a few MiB.
 */
export const MAX_DECODED_STREAM_BYTES = 64 * 1024 * 1024;

/** How far before `stream` its dictionary is looked for. */
const DICT_WINDOW = 4096;

/**
 * Throws UnreadableDocument document_too_complex when the document's non-picture Flate
 * streams decode to more than `budget` bytes. Streams it cannot inflate (encrypted,
 * damaged) are left to pdf.js.
 */
export function checkPdfStreams(data: Buffer, budget = MAX_DECODED_STREAM_BYTES): void {
  const text = data.toString('latin1');
  const keyword = /\bstream(\r\n|\n|\r)/g;
  let used = 0;
  for (let m = keyword.exec(text); m; m = keyword.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    keyword.lastIndex = end + 'endstream'.length;
    const dict = text.slice(Math.max(0, m.index - DICT_WINDOW), m.index);
    const own = dict.slice(dict.lastIndexOf(' obj') + 1); // this object's dictionary only
    if (!/\/(FlateDecode|Fl)\b/.test(own) || /\/Subtype\s*\/Image\b/.test(own)) continue;
    let decoded: Buffer;
    try {
      decoded = zlib.inflateSync(data.subarray(start, end), { maxOutputLength: budget - used + 1, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooComplex(budget);
      continue;
    }
    used += decoded.length;
    if (used > budget) throw tooComplex(budget);
  }
}

const tooComplex = (budget: number) =>
  new UnreadableDocument('document_too_complex', `The PDF's compressed contents decode to more than ${Math.round(budget / 1024 / 1024)} MiB; export the invoice again (print to PDF) and upload that.`);
