// Barcode scans: a GTIN (typed, or decoded from a photo by the media.decode-barcode
// job) is checked, looked up among the scope's product variants together with where
// they are stocked, and recorded in the caller's scan history.
//
// Outcomes, all documented on POST /api/scan-barcode/:
//   * not 8/12/13/14 digits         -> 400 invalid_barcode, nothing recorded
//   * wrong check digit             -> 400 invalid_check_digit (details: expected digit),
//                                      recorded with is_valid=false (misreads are history too)
//   * valid, no variant in scope    -> 200 found=false with a message, recorded
//   * valid, variants found         -> 200 found=true, matches with stock, recorded
import fs from 'node:fs/promises';
import path from 'node:path';
import Joi from 'joi';
import type { Platform } from '../../db/platform.js';
import type { Scope } from '../shared/scope.js';
import type { AuditService } from '../audit/audit-service.js';
import { DomainError, NotFound } from '../../jobs/runtime/errors.js';
import { auditCtx, inScope, scopeFill, type Db } from '../shared/scoped-rows.js';
import { OwnerHistory } from '../shared/owner-history.js';
import { applyListParams, paginate, type ListParams, type ListSpec, type Page, type PageAt } from '../shared/listing.js';
import { checkGtin, equivalentCodes, expandUpcE, parseGtin, type Gtin } from './gtin.js';
import { findMatches, type ScanMatch } from './barcode-lookup.js';
import { iso } from './product-graph.js';
import type { CollectionService } from '../shared/scoped-collection.js';
import type { Actor } from '../shared/actor.js';
import { BarcodeScan } from '../../db/models/index.js';

export interface ScanOut {
  id: number;
  code: string;
  gtin14: string | null;
  symbology: string;
  is_valid: boolean;
  source: 'manual' | 'image';
  decoded_format: string | null;
  image_url: string | null;
  match_count: number;
  matched_variant_ids: number[];
  created_at: string;
}

export interface ScanResult extends ScanOut {
  found: boolean;
  message: string;
  matches: ScanMatch[];
}

export const scanListSpec = {
  filters: {
    code: { column: 's.code', schema: Joi.string().max(64) },
    source: { column: 's.source', schema: Joi.string().valid('manual', 'image') },
    is_valid: { column: 's.is_valid', schema: Joi.boolean() },
    found: { column: 's.match_count', schema: Joi.boolean(), apply: (q, v) => void q.where('s.match_count', v ? '>' : '=', 0) },
    symbology: { column: 's.symbology', schema: Joi.string().valid('EAN-8', 'UPC-A', 'EAN-13', 'GTIN-14') },
    created_after: { column: 's.created_at', schema: Joi.date().iso(), op: '>=' },
    created_before: { column: 's.created_at', schema: Joi.date().iso(), op: '<=' },
  },
  search: ['s.code'],
  ordering: { created_at: 's.created_at', code: 's.code', match_count: 's.match_count', id: 's.id' },
  defaultOrdering: '-created_at',
  tiebreak: 's.id',
} satisfies ListSpec;

export class BarcodeService implements CollectionService<ScanOut> {
  private readonly history: OwnerHistory;

  constructor(private readonly platform: Platform, private readonly audit: AuditService) {
    this.history = new OwnerHistory(audit, BarcodeScan, 'barcode_scan', 'Barcode scan');
  }

  /** public media (product images in matches) */
  private url = (p: string | null) => (p ? this.platform.links.media(p) : null);
  /** a scan's photo is private: served only to its owner through the API (GET /api/barcode-scans/{id}/image/) */
  private photoUrl = (row: Record<string, any>) => (row.image_path ? this.platform.links.barcodeScanImage(row.id) : null);

  /** A typed (or scanner-gun) code. */
  async scan(actor: Actor, code: string): Promise<ScanResult> {
    const { scope } = actor;
    const check = checkGtin(code);
    if (!check.ok && check.reason === 'check_digit') {
      await this.record(this.platform.knex, scope, { code: check.code, symbology: check.symbology, is_valid: false, source: 'manual' }, []);
    }
    const gtin = parseGtin(code, 'code'); // throws the documented 400s
    return this.lookupAndRecord(scope, gtin, { source: 'manual' });
  }

  /**
   * Codes decoded from a photo (best first): the first that is a valid GTIN is
   * scanned. Called by the media.decode-barcode job; `jobId` makes a retried job
   * return the scan it already recorded.
   */
  async scanDecoded(actor: Actor, decoded: { text: string; format: string }[], opts: { jobId: string; mediaPath: string }): Promise<ScanResult> {
    const { scope } = actor;
    const prior = await inScope(BarcodeScan.query(this.platform.knex).alias('s'), scope, { table: 's' }).where('s.job_id', opts.jobId).select('s.*').first();
    for (const d of decoded) {
      // decoders may report UPC-E as printed (8 digits) or expanded, and UPC as 13 digits with a leading 0
      let digits: string | null = d.format === 'UPC-E' && d.text.length === 8 ? expandUpcE(d.text) : d.text;
      if (digits && /^UPC/.test(d.format) && digits.length === 13 && digits.startsWith('0')) digits = digits.slice(1);
      const check = digits ? checkGtin(digits) : null;
      if (!check?.ok) continue;
      if (prior) return this.result(scope, prior, check.gtin);
      return this.lookupAndRecord(scope, check.gtin, { source: 'image', jobId: opts.jobId, imagePath: opts.mediaPath, decodedFormat: d.format });
    }
    throw new DomainError('unprocessable', 'barcode_not_gtin', `The photo holds ${decoded.map((d) => `${d.format} "${d.text}"`).join(', ')}, which is not an EAN-8, UPC-A, EAN-13 or GTIN-14 product code.`);
  }

  list(actor: Actor, params: ListParams, at: PageAt): Promise<Page<ScanOut>> {
    const q = applyListParams(this.history.mine(this.platform.knex, actor).select('s.*'), scanListSpec, params);
    return paginate(at, q, params, (r) => this.toOut(r));
  }

  /** One scan of the history, with its matches as they are now. */
  async get(actor: Actor, id: number): Promise<ScanResult> {
    const row = await this.history.find(this.platform.knex, actor, id);
    const check = checkGtin(row.code);
    return this.result(actor.scope, row, check.ok ? check.gtin : null);
  }

  /** The photo a scan was decoded from, for the user who scanned it (in that scope). */
  async photo(actor: Actor, id: number): Promise<{ data: Buffer; contentType: string }> {
    const row = await this.history.find(this.platform.knex, actor, id);
    if (!row.image_path) throw new NotFound('Scan photo');
    const root = path.resolve(this.platform.config.mediaRoot);
    const file = path.resolve(root, row.image_path);
    if (!file.startsWith(`${root}${path.sep}`)) throw new NotFound('Scan photo');
    const data = await fs.readFile(file).catch(() => null);
    if (!data) throw new NotFound('Scan photo');
    const ext = path.extname(file).slice(1).toLowerCase();
    const contentType = ({ png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', tif: 'image/tiff', tiff: 'image/tiff' } as Record<string, string>)[ext] ?? 'application/octet-stream';
    return { data, contentType };
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.history.remove(this.platform.knex, actor, id, (row) => `Deleted scan of ${row.code} from history`);
  }

  private async lookupAndRecord(scope: Scope, gtin: Gtin, how: { source: 'manual' | 'image'; jobId?: string; imagePath?: string; decodedFormat?: string }): Promise<ScanResult> {
    return this.platform.knex.transaction(async (trx) => {
      const matches = await findMatches(trx, scope, equivalentCodes(gtin), this.url);
      const row = await this.record(trx, scope, { code: gtin.code, symbology: gtin.symbology, gtin14: gtin.gtin14, is_valid: true, source: how.source, job_id: how.jobId ?? null, image_path: how.imagePath ?? null, decoded_format: how.decodedFormat ?? null }, matches);
      return this.withMatches(row, matches);
    });
  }

  private async record(db: Db, scope: Scope, fields: Record<string, unknown>, matches: ScanMatch[]): Promise<Record<string, any>> {
    const variantIds = matches.map((m) => m.variant_id);
    const row: Record<string, any> = await BarcodeScan.query(db)
      .insert({ ...fields, user_id: scope.userId, match_count: matches.length, matched_variant_ids: JSON.stringify(variantIds), ...scopeFill(scope, scope.userId) })
      .returning('*');
    await this.audit.record(db, auditCtx(scope, scope.userId), {
      action: 'barcode.scan', entityType: 'barcode_scan', entityId: row.id,
      summary: fields.is_valid ? `Scanned ${row.code}: ${matches.length ? `${matches.length} match(es)` : 'unknown code'}` : `Scanned ${row.code}: invalid check digit`,
      changes: { code: row.code, source: row.source, match_count: matches.length },
    });
    return row;
  }

  private async result(scope: Scope, row: Record<string, any>, gtin: Gtin | null): Promise<ScanResult> {
    const matches = gtin && row.is_valid ? await findMatches(this.platform.knex, scope, equivalentCodes(gtin), this.url) : [];
    return this.withMatches(row, matches);
  }

  private withMatches(row: Record<string, any>, matches: ScanMatch[]): ScanResult {
    const out = this.toOut(row);
    const message = !out.is_valid
      ? `${out.code} has an invalid check digit.`
      : matches.length
        ? `Found ${matches.length} product variant(s) with barcode ${out.code}.`
        : `Unknown code: no product in this scope has barcode ${out.code}. Create one with POST /api/products/ (variants[].barcode).`;
    return { ...out, found: matches.length > 0, message, matches };
  }

  private toOut(row: Record<string, any>): ScanOut {
    return {
      id: row.id,
      code: row.code,
      gtin14: row.gtin14 ?? null,
      symbology: row.symbology,
      is_valid: row.is_valid,
      source: row.source,
      decoded_format: row.decoded_format ?? null,
      image_url: this.photoUrl(row),
      match_count: row.match_count,
      matched_variant_ids: row.matched_variant_ids ?? [],
      created_at: iso(row.created_at),
    };
  }
}
