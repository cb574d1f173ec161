// Every bulk-store line is checked before anything is written, and every problem is
// reported (not just the first): the store is all or nothing. Scope checks are one
// query per table however many lines there are.
import type { Knex } from 'knex';
import type { Scope } from '../shared/scope.js';
import { inScope } from '../shared/scoped-rows.js';
import { MAX_QUANTITY } from '../inventory/stock-lines.js';
import type { BulkLineIn, ErrorItem, PreviewLine, SessionRow } from './shapes.js';

export interface ResolvedLine {
  line_number: number;
  /** null: a product of this name is found or created in the named family */
  product_id: number | null;
  product_name: string;
  quantity: number;
  inventory_id: number;
  storage_box_id: number;
  preview: PreviewLine;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647;

/** "12" (or the JSON number 12): a whole number above zero. */
export function parseSelectedQuantity(v: unknown): number | string {
  if (typeof v === 'number') return Number.isInteger(v) && v > 0 && v <= MAX_QUANTITY ? v : `selected_quantity must be a whole number from 1 to ${MAX_QUANTITY}.`;
  if (typeof v !== 'string') return 'selected_quantity is required: a string holding a whole number, e.g. "3".';
  const s = v.trim();
  if (!/^\+?\d+$/.test(s)) return `selected_quantity must be a whole number, not "${v.slice(0, 40)}".`;
  const n = Number(s);
  if (n < 1) return 'selected_quantity must be greater than 0.';
  if (n > MAX_QUANTITY) return `selected_quantity may not exceed ${MAX_QUANTITY}.`;
  return n;
}

type DraftLine = Omit<ResolvedLine, 'quantity'> & { quantity: number | null };
type Fail = (field: string, message: string) => void;

export async function validateBulkLines(trx: Knex.Transaction, scope: Scope, session: SessionRow, lines: BulkLineIn[], familyName: string): Promise<{ errors: ErrorItem[]; resolved: ResolvedLine[] }> {
  const errors: ErrorItem[] = [];
  const previewByNumber = new Map(session.preview_lines.map((l) => [l.line_number, l]));
  const seen = new Set<number>();
  const draft: DraftLine[] = [];

  lines.forEach((l, i) => {
    const number = isId(l.line_number) ? l.line_number : null;
    // an integer line_number is echoed even when it is no line (0, -3); anything else is named by its entry
    const at = number ?? (Number.isSafeInteger(l.line_number) ? (l.line_number as number) : i + 1);
    const fail = (field: string, message: string) => errors.push({ line_number: at, field, message });
    const line = checkLine(l, i, number, { session, previewByNumber, seen, familyName }, fail);
    if (line) draft.push(line);
  });
  await checkInScope(trx, scope, draft, errors);
  errors.sort((a, b) => a.line_number - b.line_number);
  if (errors.length) return { errors, resolved: [] };
  return { errors, resolved: draft as ResolvedLine[] };
}

/** One line on its own: its number names a line of the session once, and its fields are well formed. */
function checkLine(l: BulkLineIn, i: number, number: number | null, ctx: { session: SessionRow; previewByNumber: Map<number, PreviewLine>; seen: Set<number>; familyName: string }, fail: Fail): DraftLine | null {
  const { session, previewByNumber, seen, familyName } = ctx;
  let preview: PreviewLine | undefined;
  if (number === null) fail('line_number', `line_number must be a positive integer (entry ${i + 1} of lines).`);
  else if (!(preview = previewByNumber.get(number))) fail('line_number', `Line ${number} is not a line of session ${session.id}${session.preview_lines.length ? ` (lines 1–${session.preview_lines.length})` : ' (it has no lines)'}.`);
  else if (seen.has(number)) fail('line_number', `Line ${number} is listed more than once.`);
  if (number !== null) seen.add(number);
  // fees, levies, deposits, shipping, rounding, discounts: not stock unless the request says so
  if (preview && preview.stock === false && l.receive_non_stock !== true) {
    fail('receive_non_stock', `Line ${number} ("${String(preview.description ?? '').slice(0, 60)}") is a ${String(preview.non_stock_kind ?? 'non-stock').replace('_', ' ')} line, not a stock item: leave it out, or send receive_non_stock: true to receive it anyway.`);
  }

  const quantity = parseSelectedQuantity(l.selected_quantity);
  if (typeof quantity === 'string') fail('selected_quantity', quantity);

  let productId: number | null = null;
  if (l.product_id !== undefined && l.product_id !== null) {
    if (isId(l.product_id)) productId = l.product_id;
    else fail('product_id', 'product_id must be a positive integer, or null to create the product.');
  }
  const name = typeof l.product_name === 'string' ? l.product_name.trim() : '';
  if (l.product_name !== undefined && l.product_name !== null && typeof l.product_name !== 'string') fail('product_name', 'product_name must be a string.');
  else if (name.length > 255) fail('product_name', 'product_name is longer than 255 characters.');
  else if (productId === null && !name && l.product_id !== undefined) fail('product_name', 'product_name is required when product_id is null (a product of that name is created).');
  else if (productId === null && !name && l.product_id === undefined) fail('product_id', 'Give product_id, or product_name to create the product.');

  const inventoryId = l.inventory_id === undefined || l.inventory_id === null ? session.inventory_id : l.inventory_id;
  const boxId = l.storage_box_id === undefined || l.storage_box_id === null ? session.storage_box_id : l.storage_box_id;
  if (!isId(inventoryId)) fail('inventory_id', 'inventory_id must be a positive integer.');
  if (!isId(boxId)) fail('storage_box_id', 'storage_box_id must be a positive integer.');
  if (productId === null && name && !familyName) fail('product_family_name', 'product_family_name is required to create new products.');
  if (preview && number !== null) {
    return { line_number: number, product_id: productId, product_name: name, quantity: typeof quantity === 'number' ? quantity : null, inventory_id: inventoryId as number, storage_box_id: boxId as number, preview };
  }
  return null;
}

/** The products, inventories and boxes the lines name belong to the scope (one query per table). */
async function checkInScope(trx: Knex.Transaction, scope: Scope, draft: DraftLine[], errors: ErrorItem[]): Promise<void> {
  // the scope's rows, one query per table
  const ids = <K extends 'product_id' | 'inventory_id' | 'storage_box_id'>(k: K) => [...new Set(draft.map((d) => d[k]).filter(isId))];
  // (one after the other: a transaction is one connection)
  const products = await idSet(trx, 'products', scope, ids('product_id'), ['id', 'name']);
  const inventories = await idSet(trx, 'inventories', scope, ids('inventory_id'), ['id']);
  const boxes = await idSet(trx, 'storage_boxes', scope, ids('storage_box_id'), ['id', 'inventory_id']);
  for (const d of draft) {
    const fail = (field: string, message: string) => errors.push({ line_number: d.line_number, field, message });
    if (d.product_id !== null && !products.has(d.product_id)) fail('product_id', `Product ${d.product_id} was not found in your scope.`);
    if (isId(d.inventory_id) && !inventories.has(d.inventory_id)) fail('inventory_id', `Inventory ${d.inventory_id} was not found in your scope.`);
    const box = isId(d.storage_box_id) ? boxes.get(d.storage_box_id) : undefined;
    if (isId(d.storage_box_id) && !box) fail('storage_box_id', `Storage box ${d.storage_box_id} was not found in your scope.`);
    else if (box && isId(d.inventory_id) && box.inventory_id !== d.inventory_id) fail('storage_box_id', `Storage box ${d.storage_box_id} is not in inventory ${d.inventory_id}.`);
    if (d.product_id !== null && !d.product_name) d.product_name = products.get(d.product_id)?.name ?? '';
  }
}

async function idSet(trx: Knex.Transaction, table: string, scope: Scope, ids: number[], columns: string[]): Promise<Map<number, Record<string, any>>> {
  if (!ids.length) return new Map();
  const rows = await inScope(trx(table).whereRaw(`${table}.id = ANY(?::int[])`, [ids]), scope, { table }).select(columns.map((c) => `${table}.${c}`));
  return new Map(rows.map((r: Record<string, any>) => [Number(r.id), r]));
}
