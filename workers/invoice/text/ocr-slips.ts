// Label words an OCR engine misread, restored before the labels are searched: a letter read
// for a look-alike ("Tolal", "Zahibatrag"), a digit for a letter ("T0TAL"), "rn" for "m"
// ("Rechnungsnumrner") and "q" for "g" ("Rechnunqsdatum"). Only in an OCR reading (a text
// layer's words are as printed), and only into a word of the list the caller searches for.
import type { Layout } from '../layout.js';

/** Letters an OCR engine takes for one another ("Zahibatrag": l read as i, e as a). */
const LOOKALIKES = ['il1tfj', 'eaoc', 'hbkn', 'uvy'];
const lookalike = (a: string, b: string) => LOOKALIKES.some((g) => g.includes(a) && g.includes(b));

export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A long label word (9 letters or more) with two letters misread for look-alikes: "Zahibatrag" for "Zahlbetrag". */
function twoLookalikesApart(word: string, read: string): boolean {
  if (word.length < 9 || word.length !== read.length) return false;
  let slips = 0;
  for (let i = 0; i < word.length; i++) {
    if (word[i] === read[i]) continue;
    if (!lookalike(word[i], read[i]) || ++slips > 2) return false;
  }
  return slips > 0;
}

/** The word of `words` (lower case) an OCR reading of it stands for, or null. */
function labelWordOf(read: string, words: readonly string[], minLength: number): string | null {
  const near = (w: string) => words.find((t) => (Math.abs(t.length - w.length) <= 1 && t.length >= minLength && oneEditApart(t, w)) || twoLookalikesApart(t, w)) ?? null;
  const hit = near(read);
  if (hit) return hit;
  // ("Rechnungsnumrner", "Rechnunqsdatum": "m" read as "rn", "g" as "q" — in a long word only, then at most one slip more)
  const joined = read.replace(/rn/g, 'm').replace(/q(?!u)/g, 'g');
  return joined !== read && joined.length >= 8 ? near(joined) : null;
}

/** The layout with the label words of `words` (lower case; one slip off only those of minLength letters or more) restored in its OCR-read lines. */
export function withLabelSlipsMended(layout: Layout, words: readonly string[], minLength = 5): Layout {
  if (!layout.lines.some((l) => l.conf < 1)) return layout;
  const fix = (word: string) => {
    // digits the engine read for look-alike letters ("T0TAL", "TOTA1")
    const w = word.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l').replace(/5/g, 's').replace(/8/g, 'b');
    if (w.length < 4 || !/^\p{L}+$/u.test(w) || (words.includes(w) && w === word.toLowerCase())) return word;
    if (words.includes(w)) return word === word.toUpperCase() ? w.toUpperCase() : w;
    // ("Surnme": an m read as r and n)
    const m = w.replace(/rn/g, 'm');
    if (m !== w && words.includes(m)) return word === word.toUpperCase() ? m.toUpperCase() : m[0].toUpperCase() + m.slice(1);
    const hit = labelWordOf(w, words, minLength);
    return hit ? (word === word.toUpperCase() ? hit.toUpperCase() : hit[0].toUpperCase() + hit.slice(1)) : word;
  };
  const lines = layout.lines.map((l) => {
    if (l.conf >= 1) return l;
    // ("2ahlbetrag": a capital Z read as the digit 2 before a word of small letters)
    const cells = l.cells.map((c) => ({ ...c, text: c.text.replace(/(?<![\p{L}\d.,])2(?=\p{Ll}{4,})/gu, 'Z').replace(/(?<![\d.,])[\p{L}0158]*\p{L}[\p{L}0158]*/gu, fix) }));
    return { ...l, cells, text: cells.map((c) => c.text).join(' | ') };
  });
  return { ...layout, lines };
}
