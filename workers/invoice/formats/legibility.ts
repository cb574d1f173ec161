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
// - its case flips twice inside it ("TshRoptPtit"; "QualityHosting", "GmbH" flip once);
// - letters and digits alternate three times or more among lower-case letters ("s4fl6mtfi43";
//   codes such as "AFATV2027H" are upper case).
// Clean text layers of the corpus stay under 8 % of such words a page (product codes,
// "USt."); failed OCR layers of public scans are at 20–38 %.

/** Fewer words than this on a page: too few to judge; the page is kept. */
const MIN_WORDS = 20;
/** A page with at least this share of illegible words is read by OCR. */
export const ILLEGIBLE_SHARE = 0.15;

const LATIN_WORD = /^[\p{Script=Latin}\p{M}\p{N}\p{P}\p{S}]+$/u;
const ADDRESS = /:\/\/|^www\.|@/i;
const PRINTABLE = /^[\p{L}\p{M}\p{N}.,:;/\\$€£¥%()#&'"’‘“”+\-–—_*@!?=<>[\]|°·•]*$/u;
const EDGE_MARKS = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const INNER_SYMBOL = /[^\p{L}\p{M}\p{N}.,:/'’&+\-@_()]/u;

function illegible(word: string): boolean {
  if (!PRINTABLE.test(word)) return true;
  const core = word.replace(EDGE_MARKS, '');
  if (INNER_SYMBOL.test(core)) return true;
  if ((core.match(/\p{Ll}\p{Lu}/gu) ?? []).length >= 2) return true;
  return (core.match(/(?<=\p{L})\p{N}|(?<=\p{N})\p{L}/gu) ?? []).length >= 3 && /\p{Ll}/u.test(core);
}

/** The share of illegible words among a page's words of the Latin script; null when there are too few to judge. */
export function illegibleShare(texts: string[]): number | null {
  const words = texts.flatMap((t) => t.split(/\s+/)).filter((w) => /\p{Script=Latin}/u.test(w) && LATIN_WORD.test(w) && !ADDRESS.test(w));
  if (words.length < MIN_WORDS) return null;
  return words.filter(illegible).length / words.length;
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
    const share = illegibleShare(byPage.get(n) ?? []);
    if (share !== null && share >= ILLEGIBLE_SHARE) pages.push(n);
  }
  return pages;
}
