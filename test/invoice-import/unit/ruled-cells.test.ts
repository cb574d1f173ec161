// Issue 26, round 22. A table's vertical rule read by the OCR as "|" inside a word ("1623.00|EUR", "%|Base", "VAT|")
// parts the cells on either side of it, however close they stand; so does a "|" read as a word of its own. A "|"
// between two letters is a misread letter, and a text layer's "|" is what the document prints.
import test from 'ava';
import { buildLayout, type Token } from '../../../workers/invoice/layout.js';

/** Words laid along one line, five points a character and three apart, as an OCR reading gives them (`conf` null: a text layer's). */
function row(words: string[], conf: number | null = 0.9): Token[] {
  let x = 10;
  return words.map((text) => {
    const t: Token = { text, page: 1, x0: x, x1: x + text.length * 5, y: 100, h: 10, ...(conf === null ? {} : { conf }) };
    x = t.x1 + 3;
    return t;
  });
}
const cells = (tokens: Token[]) => buildLayout(tokens, [{ width: 600, height: 800 }], 0.9).lines[0].cells.map((c) => c.text);

test('a rule read between a number and a word parts the cells on either side of it', (t) => {
  t.deepEqual(cells(row(['VAT', '21.00', '1341.32', '281.68', '1623.00|EUR'])), ['VAT 21.00 1341.32 281.68 1623.00', 'EUR']);
  t.deepEqual(cells(row(['TAX:', '%|Base', 'amount:'])), ['TAX: %', 'Base amount:']);
  t.deepEqual(cells(row(['Total|12.50'])), ['Total', '12.50']);
});

test('a rule read as a word of its own parts the cells too, and is dropped', (t) => {
  t.deepEqual(cells(row(['Net', 'total', '|', '2,076.76'])), ['Net total', '2,076.76']);
});

test('a "|" between two letters or two digits, or at a word\'s end, is a misread character; a text layer\'s "|" is printed', (t) => {
  t.deepEqual(cells(row(['Wa|ker', 'Street'])), ['Wa|ker Street']);
  t.deepEqual(cells(row(['Invoice', 'No:', '44|7'])), ['Invoice No: 44|7']);
  t.deepEqual(cells(row(['INV-|0042'])), ['INV-|0042']);
  t.deepEqual(cells(row(['TOTAL', '1|2.50'])), ['TOTAL 1|2.50']);
  t.deepEqual(cells(row(['Pau|', 'Smith', 'Ltd'])), ['Pau| Smith Ltd']);
  t.deepEqual(cells(row(['1623.00|EUR'], null)), ['1623.00|EUR']);
});

test('a hostile run of rules in one word is left whole, in bounded time', (t) => {
  const started = performance.now();
  const layout = buildLayout(row(['1|a'.repeat(13000)]), [{ width: 600, height: 800 }], 0.9);
  t.is(layout.lines.length, 1);
  t.true(performance.now() - started < 1000);
});
