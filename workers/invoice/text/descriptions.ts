// Item codes printed inside a description: "[FURN_7777] Office Chair" (a seller's
// code), "*987123* Olive Oil" (the human-readable line of a Code 39 / EAN barcode).
export function splitCodes(description: string): { description: string; sku: string | null; barcode: string | null } {
  let text = description.trim();
  let sku: string | null = null;
  let barcode: string | null = null;
  const bracket = /^\[([^\]]{1,40})\]\s*(.*)$/s.exec(text);
  if (bracket) {
    sku = bracket[1].trim();
    text = bracket[2];
  }
  const star = /^\*([0-9A-Z\-.]{3,40})\*\s*(.*)$/s.exec(text);
  if (star) {
    if (/^\d+$/.test(star[1])) barcode = star[1];
    else sku ??= star[1];
    text = star[2];
  }
  return { description: text.trim(), sku, barcode };
}
