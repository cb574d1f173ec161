// Whether a PDF page's text layer can be read as it is. A scanned page often carries a text
// layer made by another program's OCR (a scanner's "searchable PDF", a public file's archive
// copy); when that OCR failed, its words are nonsense ("A{.hBy BRSMI€.$OTT Tohtu0pt{,FhH*hh"),
// and so is a text layer whose fonts map their glyphs to the wrong characters. Such a page
// is read by our own OCR from its picture instead, as a page without text would be.
//
// The measure counts words of the Latin script only (other scripts' punctuation differs,
// and a Japanese or Greek page is left as it is) and calls a word illegible when:
// - it holds a character no printed word has (braces, "$" or "€" inside letters, "*", "?"),
//   web addresses and e-mail addresses aside;
// - its case flips three times inside it ("QualityHosting", "iPadOS", "UStIdNr" flip once or twice);
// - letters and digits alternate three times or more among lower-case letters ("s4fl6mtfi43";
//   codes such as "AFATV2027H" are upper case, sizes such as "100x200mm" are sizes).
// Long runs of a code's characters (a digital seal in base64, a hash in hex) are not words and are not counted.
// A page is read by OCR when 12 % of its words are illegible and 5 % hold such a character:
// clean text layers of the corpus reach 6.3 % and 2.9 %, failed OCR layers of public scans
// 14.9–31 % and 13.5–28 %.

/** Fewer words than this on a page: too few to judge; the page is kept. */
const MIN_WORDS = 20;
/** A page with at least this share of illegible words is read by OCR. */
export const ILLEGIBLE_SHARE = 0.12;
/** …and at least this share of words with a character no printed word has: a parts list's codes ("k9L2m4") are no failed OCR */
export const SYMBOL_SHARE = 0.05;

const LATIN_WORD = /^[\p{Script=Latin}\p{M}\p{N}\p{P}\p{S}]+$/u;
const ADDRESS = /:\/\/|^www\.|@/i;
/** a long run of a code's characters: a digital seal or hash in base64 or hex (Mexico's CFDI, India's IRN), a QR code's text */
const CODE = /^[\p{L}\p{N}+/=|._:-]{25,}$/u;
// (trade marks, quotes and marks of Spanish, French, German and Swiss print, dashes and the ellipsis are printed characters)
const PRINTABLE = /^[\p{L}\p{M}\p{N}.,:;/\\$€£¥%()#&'"’‘“”„‚«»‹›¿¡´`+\-‐‑‒–—…_*@!?=<>[\]|°·•®©™]*$/u;
const EDGE_MARKS = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const INNER_SYMBOL = /[^\p{L}\p{M}\p{N}.,:/'’&+\-‐‑‒–—@_()®™]/u;
/** a card slip's merchant descriptor: "SQ*COFFEE", "PAYPAL*EBAY" */
const DESCRIPTOR_STAR = /(?<=\p{Lu})\*(?=\p{Lu})/gu;
/** sizes and dimensions: "M8x40", "100x200mm", "6x0,33l", "2500x1250x19mm" */
const DIMENSION = /^\p{L}{0,2}\d+(?:[.,]\d+)?(?:[x×]\d+(?:[.,]\d+)?)+\p{L}{0,3}$/iu;

/** Why a word is illegible: a character no printed word has ("symbol"), or its shape ("shape"); null when it is legible. */
function illegible(word: string): 'symbol' | 'shape' | null {
  if (!PRINTABLE.test(word)) return 'symbol';
  const core = word.replace(EDGE_MARKS, '').replace(DESCRIPTOR_STAR, '');
  if (INNER_SYMBOL.test(core)) return 'symbol';
  // ("iPadOS", "LogMeIn", "UStIdNr" flip twice; "TshRopPtiT" thrice)
  if ((core.match(/\p{Ll}\p{Lu}/gu) ?? []).length >= 3) return 'shape';
  if (DIMENSION.test(core)) return null;
  // letters and digits alternating within one piece of the word ("s4fl6mtfi43"; "c6g.4xlarge" is two pieces)
  return core.split(/[.,:/_\-–]/).some((piece) => (piece.match(/(?<=\p{L})\p{N}|(?<=\p{N})\p{L}/gu) ?? []).length >= 3 && /\p{Ll}/u.test(piece)) ? 'shape' : null;
}

/** A page's words of the Latin script: the share that is illegible, and the share with a character no printed word has; null when there are too few to judge. */
export function legibility(texts: string[]): { illegible: number; symbols: number } | null {
  const words = texts.flatMap((t) => t.split(/\s+/)).filter((w) => /\p{Script=Latin}/u.test(w) && LATIN_WORD.test(w) && !ADDRESS.test(w) && !CODE.test(w));
  if (words.length < MIN_WORDS) return null;
  const why = words.map(illegible);
  return { illegible: why.filter(Boolean).length / words.length, symbols: why.filter((w) => w === 'symbol').length / words.length };
}

/** The pages (1-based) whose text layer is too garbled to read. */
export function illegiblePages(tokens: { text: string; page: number }[], pageCount: number): number[] {
  const byPage = new Map<number, string[]>();
  for (const t of tokens) {
    const texts = byPage.get(t.page);
    if (texts) texts.push(t.text);
    else byPage.set(t.page, [t.text]);
  }
  const pages: number[] = [];
  for (let n = 1; n <= pageCount; n++) {
    const page = legibility(byPage.get(n) ?? []);
    if (page && page.illegible >= ILLEGIBLE_SHARE && page.symbols >= SYMBOL_SHARE) pages.push(n);
  }
  return pages;
}
