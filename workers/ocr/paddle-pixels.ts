// The detector's and the recogniser's input planes, made from grey or RGB pixels on typed
// arrays (./paddle-ocr.ts): normalised channels, and a text segment resampled to the
// recogniser's line height with a Lanczos-3 kernel.

export interface RawImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

/** the recogniser reads segments scaled to this height */
export const LINE_HEIGHT = 48;

export function planes(img: RawImage): Float32Array {
  const n = img.width * img.height;
  const out = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    out[i] = img.data[i * 4 + 2] / 255;
    out[n + i] = img.data[i * 4 + 1] / 255;
    out[2 * n + i] = img.data[i * 4] / 255;
  }
  return out;
}

/**
 * A segment's RGBA crop scaled to LINE_HEIGHT (aspect kept; Lanczos-3, as sharp's resize)
 * straight into the recogniser's input planes: a sharp pipeline per segment cost ~3 ms
 * each, ~0.15 s a receipt.
 */
export function linePlanes(img: RawImage): { data: Float32Array; width: number } {
  const { data: src, width: sw, height: sh } = img;
  const h = LINE_HEIGHT;
  const w = Math.max(1, Math.round((sw * h) / Math.max(1, sh)));
  // rows first (sh -> h, each of the source's columns), then columns (sw -> w)
  const rows = resampling(sh, h);
  const cols = resampling(sw, w);
  const tall = new Float32Array(h * sw * 3);
  for (let y = 0; y < h; y++) {
    const { start, weights } = rows[y];
    for (let x = 0; x < sw; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < weights.length; k++) {
        const i = ((start + k) * sw + x) * 4;
        r += src[i] * weights[k];
        g += src[i + 1] * weights[k];
        b += src[i + 2] * weights[k];
      }
      const o = (y * sw + x) * 3;
      tall[o] = r;
      tall[o + 1] = g;
      tall[o + 2] = b;
    }
  }
  const n = w * h;
  const out = new Float32Array(3 * n);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const { start, weights } = cols[x];
      let r = 0;
      let g = 0;
      let b = 0;
      for (let k = 0; k < weights.length; k++) {
        const i = (y * sw + start + k) * 3;
        r += tall[i] * weights[k];
        g += tall[i + 1] * weights[k];
        b += tall[i + 2] * weights[k];
      }
      // red, green, blue of the picture -> the planes blue, green, red, each 0–1
      const o = y * w + x;
      out[o] = clamp01(b / 255);
      out[n + o] = clamp01(g / 255);
      out[2 * n + o] = clamp01(r / 255);
    }
  }
  return { data: out, width: w };
}

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
const lanczos3 = (x: number) => (x === 0 ? 1 : Math.abs(x) >= 3 ? 0 : (3 * Math.sin(Math.PI * x) * Math.sin((Math.PI * x) / 3)) / (Math.PI * Math.PI * x * x));

/** For each of `to` output samples: the first of the `from` input samples it draws on, and their weights (summing to 1). */
function resampling(from: number, to: number): { start: number; weights: number[] }[] {
  const scale = to / from;
  // shrinking widens the kernel over the input, so every input sample counts
  const stretch = scale < 1 ? 1 / scale : 1;
  const support = 3 * stretch;
  return Array.from({ length: to }, (_, i) => {
    const centre = (i + 0.5) / scale - 0.5;
    const first = Math.max(0, Math.ceil(centre - support));
    const last = Math.min(from - 1, Math.floor(centre + support));
    const weights: number[] = [];
    for (let j = first; j <= last; j++) weights.push(lanczos3((j - centre) / stretch));
    const sum = weights.reduce((a, b) => a + b, 0) || 1;
    return { start: first, weights: weights.map((v) => v / sum) };
  });
}

/** A segment's characters as the recogniser read them: where each falls, in steps of its `steps` across the segment. */
