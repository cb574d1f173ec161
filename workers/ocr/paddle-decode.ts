// The recogniser's output made text (./paddle-ocr.ts): greedy CTC decoding of the class
// probabilities into characters with their places, and a segment's reading made a line
// of words (spaces where the gap between characters is wide).
import type { OcrLine, OcrWord } from './recognize.js';

export interface Reading {
  chars: { char: string; step: number; p: number }[];
  steps: number;
}

/** The recogniser's per-step class probabilities -> characters (a CTC decode: blanks and repeats dropped) with the step each was read at. */
export function decode(probs: Float32Array, steps: number, classes: number, dictionary: string[]): Reading {
  const chars: Reading['chars'] = [];
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -Infinity;
    for (let c = 0, o = t * classes; c < classes; c++, o++) {
      if (probs[o] > bestP) {
        bestP = probs[o];
        best = c;
      }
    }
    if (best !== 0 && best !== previous && dictionary[best - 1]) chars.push({ char: dictionary[best - 1], step: t, p: bestP });
    previous = best;
  }
  return { chars, steps };
}

/** Mean certainty of a reading's characters (0–1). */
export const certainty = (r: Reading) => (r.chars.length ? r.chars.reduce((s, c) => s + c.p, 0) / r.chars.length : 0);

/**
 * A gap between two characters at least this many times the segment's usual character
 * pitch is a word space. The recogniser often leaves out spaces ("TOTALRM12.50" for
 * "TOTAL   RM 12.50"), but the steps it read each character at still show the gap.
 */
const SPACE_PITCHES = 1.8;

/**
 * The words of a segment, each placed where the recogniser read its characters (the
 * steps run evenly across the segment's box), with the segment's certainty.
 */
export function toLine(found: { reading: Reading; box?: number[][] }): OcrLine | null {
  const { chars, steps } = found.reading;
  if (!found.box?.length || !chars.some((c) => c.char.trim())) return null;
  const xs = found.box.map((p) => p[0]);
  const ys = found.box.map((p) => p[1]);
  // the detector pads its boxes around the ink; a fifth of the height off brings them
  // close to the tight boxes the layout's row and cell gaps are measured against
  const [top, bottom] = [Math.min(...ys), Math.max(...ys)];
  const pad = (bottom - top) * 0.1;
  const bbox = { x0: Math.min(...xs), y0: top + pad, x1: Math.max(...xs), y1: bottom - pad };
  const stepPx = (bbox.x1 - bbox.x0) / Math.max(1, steps);
  const pitch = medianGap(chars.map((c) => c.step));
  const confidence = round1(Math.max(0, Math.min(1, certainty(found.reading))) * 100);
  const words: OcrWord[] = [];
  let word: Reading['chars'] = [];
  const flush = () => {
    if (!word.length) return;
    const x0 = bbox.x0 + (word[0].step + 0.5 - pitch / 2) * stepPx;
    const x1 = bbox.x0 + (word[word.length - 1].step + 0.5 + pitch / 2) * stepPx;
    words.push({ text: word.map((c) => c.char).join(''), confidence, bbox: { x0: Math.max(bbox.x0, x0), x1: Math.min(bbox.x1, x1), y0: bbox.y0, y1: bbox.y1 } });
    word = [];
  };
  for (const c of chars) {
    if (!c.char.trim()) {
      flush();
      continue;
    }
    const last = word[word.length - 1];
    if (last && c.step - last.step >= SPACE_PITCHES * pitch) flush();
    word.push(c);
  }
  flush();
  return { text: words.map((w) => w.text).join(' '), confidence, bbox, words };
}

/** The usual distance, in steps, between one character and the next (2 when there are too few to tell). */
function medianGap(steps: number[]): number {
  const gaps = steps.slice(1).map((s, i) => s - steps[i]).sort((a, b) => a - b);
  return gaps.length >= 3 ? Math.max(1, gaps[gaps.length >> 1]) : 2;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
