/** OCR word gaps are wider than a PDF's: a new cell starts at a wider gap (in line heights). */
export const OCR_CELL_GAP = 0.9;
/**
 * Text-row height (px) of a photo's second reading (extract.ts, second-look.ts): the first
 * reads rows at ~30 px (workers/ocr/prepare-document.ts TARGET_ROW_PX); on the receipts the
 * first reading was unsure of, rows of ~22 px read the total and the seller more often.
 */
export const SECOND_LOOK_ROW_PX = 22;
