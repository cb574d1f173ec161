/** OCR word gaps are wider than a PDF's: a new cell starts at a wider gap (in line heights). */
export const OCR_CELL_GAP = 0.9;
