// What a report is: its kind (which rows), its format (CSV or PDF) and the filters
// each kind takes. The joi schemas here are the single source for the route's
// payload, a schedule's stored filters and the worker's re-check of both.
import Joi from 'joi';
import { id } from '../shared/listing.js';
import { LEDGER_KINDS } from '../inventory/stock-ledger.js';

export const REPORT_KINDS = ['inventory_valuation', 'low_stock', 'stock_movements', 'expiring_soon'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_FORMATS = ['csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** How long a generated file can be downloaded; afterwards the record stays, the file goes. */
export const REPORT_RETENTION_DAYS = 7;

export interface ReportFilters {
  inventory_id?: number;
  product_id?: number;
  /** stock_movements: ISO instants, start inclusive, end exclusive */
  period_start?: string;
  period_end?: string;
  /** stock_movements: ledger kinds */
  kinds?: string[];
  /** expiring_soon: items expiring within this many days (already expired ones too) */
  days?: number;
}

const inventory = id.description('only this inventory (in the caller\'s scope)');
const period = {
  period_start: Joi.date().iso().description('start of the period (inclusive); default 30 days before period_end'),
  period_end: Joi.date().iso().description('end of the period (exclusive); default now'),
};

export const filterSchemas: Record<ReportKind, Joi.ObjectSchema> = {
  inventory_valuation: Joi.object({ inventory_id: inventory }).label('ValuationFilters'),
  low_stock: Joi.object({ inventory_id: inventory, product_id: id }).label('LowStockFilters'),
  stock_movements: Joi.object({
    inventory_id: inventory,
    product_id: id,
    ...period,
    kinds: Joi.array().items(Joi.string().valid(...LEDGER_KINDS)).unique().min(1).description('only these ledger kinds'),
  }).label('StockMovementFilters'),
  expiring_soon: Joi.object({ inventory_id: inventory, product_id: id, days: Joi.number().integer().min(0).max(3650).default(30).description('expiring within this many days (default 30); expired items are included') }).label('ExpiringSoonFilters'),
};

/** The filters of a kind, validated and normalised (dates as ISO strings, a period defaulted and checked). */
export function normaliseFilters(kind: ReportKind, raw: unknown, now = new Date()): { value?: ReportFilters; error?: string } {
  const { error, value } = filterSchemas[kind].validate(raw ?? {}, { abortEarly: true, convert: true });
  if (error) return { error: error.message };
  const f = { ...value } as Record<string, unknown>;
  if (kind === 'stock_movements') {
    const end = f.period_end ? new Date(f.period_end as Date) : now;
    const start = f.period_start ? new Date(f.period_start as Date) : new Date(end.getTime() - 30 * 86_400_000);
    if (start >= end) return { error: '"period_start" must be before "period_end"' };
    f.period_start = start.toISOString();
    f.period_end = end.toISOString();
  }
  return { value: f as ReportFilters };
}

export const TITLES: Record<ReportKind, string> = {
  inventory_valuation: 'Inventory valuation',
  low_stock: 'Low stock',
  stock_movements: 'Stock movements',
  expiring_soon: 'Expiring soon',
};

/** The columns of each kind, in file order: key in the row, header, and whether it is a figure (right-aligned in the PDF). */
export interface Column {
  key: string;
  header: string;
  numeric?: boolean;
}

export const COLUMNS: Record<ReportKind, Column[]> = {
  inventory_valuation: [
    { key: 'item_id', header: 'Item', numeric: true }, { key: 'inventory', header: 'Inventory' }, { key: 'storage_box', header: 'Box' },
    { key: 'product', header: 'Product' }, { key: 'lot_number', header: 'Lot' }, { key: 'quantity', header: 'Quantity', numeric: true },
    { key: 'unit', header: 'Unit' }, { key: 'unit_cost', header: 'Unit cost', numeric: true }, { key: 'value', header: 'Value', numeric: true },
  ],
  low_stock: [
    { key: 'item_id', header: 'Item', numeric: true }, { key: 'supplier', header: 'Supplier' }, { key: 'product', header: 'Product' },
    { key: 'inventory', header: 'Inventory' }, { key: 'storage_box', header: 'Box' }, { key: 'quantity', header: 'Quantity', numeric: true },
    { key: 'min_quantity', header: 'Minimum', numeric: true }, { key: 'target_quantity', header: 'Target', numeric: true },
    { key: 'reorder_quantity', header: 'To order', numeric: true }, { key: 'unit', header: 'Unit' }, { key: 'reorder_cost', header: 'Cost', numeric: true },
  ],
  stock_movements: [
    { key: 'created_at', header: 'When' }, { key: 'transaction_id', header: 'Transaction', numeric: true }, { key: 'kind', header: 'Kind' },
    { key: 'reference', header: 'Reference' }, { key: 'inventory', header: 'Inventory' }, { key: 'storage_box', header: 'Box' },
    { key: 'product', header: 'Product' }, { key: 'item_id', header: 'Item', numeric: true }, { key: 'delta', header: 'Change', numeric: true },
    { key: 'quantity_after', header: 'After', numeric: true }, { key: 'unit', header: 'Unit' },
  ],
  expiring_soon: [
    { key: 'item_id', header: 'Item', numeric: true }, { key: 'product', header: 'Product' }, { key: 'inventory', header: 'Inventory' },
    { key: 'storage_box', header: 'Box' }, { key: 'lot_number', header: 'Lot' }, { key: 'expiry_date', header: 'Expires' },
    { key: 'days_left', header: 'Days left', numeric: true }, { key: 'quantity', header: 'Quantity', numeric: true }, { key: 'unit', header: 'Unit' },
    { key: 'value', header: 'Value', numeric: true },
  ],
};

/** Human description of filters for a document header: "inventory_id 3, days 30". */
export function describeFilters(filters: ReportFilters): string {
  const parts = Object.entries(filters).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join('/') : v}`);
  return parts.length ? parts.join(', ') : 'none';
}
