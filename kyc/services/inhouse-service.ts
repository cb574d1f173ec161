// The in-house engine's client surface ({api_base}/applicant/documents, /data, /submit)
// with the SDK token as bearer. Personal data and images are sealed at rest; the
// document number is kept only as a keyed hash, to find a document used twice.
// Submission moves the attempt to review, runs the automatic checks and reports
// every outcome through StatusSync, the same path as the external provider's.
import { fileTypeFromBuffer } from 'file-type';
import type { Knex } from 'knex';
import type { Config } from '../../jobs/runtime/config.js';
import { hmacHex, seal, sha256Hex, unseal } from '../../jobs/runtime/secrets.js';
import { Conflict, DomainError, Invalid, Unauthorized, type FieldIssue } from '../../jobs/runtime/errors.js';
import type { MessageOut } from '../../jobs/kyc-contract.js';
import { SDK_TOKEN_PREFIX } from '../providers/inhouse-provider.js';
import { checkAge, checkDuplicate, checkExpiry, checkMrz, outcomeOf, type CheckResult } from './inhouse-checks.js';
import type { ApplicantRow } from './rows.js';
import type { StatusSync } from './status-sync.js';
import type { ApplicantLimits } from './applicant-limits.js';
import { T } from './tables.js';

export const PERSONAL_DATA_PURPOSE = 'kyc-personal-data';
export const DOCUMENT_PURPOSE = 'kyc-document';
export const IMAGE_PURPOSE = 'kyc-document-image';
export const DOCUMENT_TYPES = ['PASSPORT', 'ID_CARD', 'DRIVERS', 'RESIDENCE_PERMIT'] as const;
/** documents with two sides need a back image */
const TWO_SIDED = new Set(['ID_CARD', 'DRIVERS', 'RESIDENCE_PERMIT']);
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A document photo larger than this (width × height) is refused before it is decoded: 12,000 × 4,000 covers any camera. */
export const MAX_IMAGE_PIXELS = 48_000_000;

const unreadable = (field: string, what: string) => new DomainError('invalid', 'invalid_image', `${field} ${what}; upload a clear photo or scan of the document.`, [{ path: field, message: what }]);

/**
 * A picture is accepted only when it decodes completely: the header gives its size
 * (limited before any pixel is decoded, so a few KiB declaring 40,000 × 40,000 pixels
 * costs nothing), then a reduced decode (shrink-on-load for JPEG) fails on a truncated
 * or corrupt file. The reviewer must be able to see what was sent.
 */
async function checkPicture(field: string, data: Buffer): Promise<void> {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(data, { limitInputPixels: false }).metadata().catch(() => null);
  if (!meta?.width || !meta.height) throw unreadable(field, 'cannot be read as an image');
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new DomainError('invalid', 'image_too_large', `${field} is ${meta.width} × ${meta.height} px; at most ${MAX_IMAGE_PIXELS / 1e6} megapixels are accepted.`, [{ path: field, message: `image is ${meta.width} × ${meta.height} px`, type: 'image.dimensions' }]);
  }
  try {
    await sharp(data, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS }).resize({ width: 256, height: 256, fit: 'inside', withoutEnlargement: true }).raw().toBuffer();
  } catch {
    throw unreadable(field, 'is damaged or incomplete');
  }
}

/** A PDF is accepted when it opens and its first page can be read (pdf.js, loaded on the first PDF). */
async function checkPdf(field: string, data: Buffer): Promise<void> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(data), verbosity: 0, isEvalSupported: false, useSystemFonts: false, stopAtErrors: true });
  try {
    await (await task.promise).getPage(1); // no page 1 (an empty page tree) throws as well
  } catch {
    throw unreadable(field, 'is not a readable PDF');
  } finally {
    await task.destroy();
  }
}

export interface DocumentIn {
  document_type: (typeof DOCUMENT_TYPES)[number];
  issuing_country: string;
  document_number: string;
  expiry_date: string;
  mrz?: string;
  front: Buffer;
  back?: Buffer;
}

export interface PersonalDataIn {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  nationality: string;
  [key: string]: unknown;
}

export interface SdkSession {
  applicant: ApplicantRow;
}

export class InhouseService {
  constructor(
    private readonly knex: Knex,
    private readonly config: Config,
    private readonly sync: StatusSync,
    private readonly limits: ApplicantLimits,
  ) {}

  /** The applicant of an SDK token; 401 for a missing, unknown, expired or foreign token. */
  async authenticate(authorization: string | undefined): Promise<SdkSession> {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    if (!m || !m[1].startsWith(SDK_TOKEN_PREFIX)) throw new Unauthorized('An SDK token from access-token is required: "Authorization: Bearer <token>".', 'sdk_token_invalid');
    const row = await this.knex(`${T.sdkTokens} as t`)
      .join(`${T.applicants} as a`, 'a.id', 't.applicant_id')
      .where('t.token_hash', sha256Hex(m[1]))
      .andWhere('a.provider', 'inhouse')
      .select('a.*', 't.expires_at as token_expires_at')
      .first();
    if (!row || new Date(row.token_expires_at) <= new Date()) throw new Unauthorized('The SDK token is invalid or has expired; request a new one from access-token.', 'sdk_token_invalid');
    delete row.token_expires_at;
    return { applicant: row as ApplicantRow };
  }

  private seal(purpose: string, value: string): string {
    return seal(this.config.secretKey, purpose, value);
  }

  /** The attempt a client may still fill in (nothing submitted yet), locked. */
  private async openAttempt(trx: Knex.Transaction, applicant: ApplicantRow) {
    const attempt = await trx(T.attempts).where({ applicant_id: applicant.id }).orderBy('attempt_no', 'desc').forUpdate().first();
    if (!attempt) throw new Conflict('Request an access token first.', 'no_attempt');
    if (attempt.review_status !== 'init') {
      const hint = applicant.status === 'retry' ? ' Reset the verification to start a new attempt.' : '';
      throw new Conflict(`This attempt is already submitted (status ${applicant.status}).${hint}`, 'already_submitted', { status: applicant.status });
    }
    return attempt;
  }

  private async image(field: string, data: Buffer): Promise<string> {
    if (data.length > MAX_IMAGE_BYTES) throw new DomainError('too_large', 'file_too_large', `${field} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MiB.`, [{ path: field, message: 'file too large' }]);
    const type = await fileTypeFromBuffer(data);
    if (!type || !IMAGE_TYPES.includes(type.mime)) {
      throw new DomainError('unsupported_type', 'unsupported_file_type', `${field} must be one of ${IMAGE_TYPES.join(', ')}${type ? `, not ${type.mime}` : ''}.`, [{ path: field, message: 'unsupported file type' }]);
    }
    await (type.mime === 'application/pdf' ? checkPdf(field, data) : checkPicture(field, data));
    return type.mime;
  }

  /** Keyed hash of the document identity (issuing country + number): equal documents, equal hashes. */
  documentHash(issuingCountry: string, documentNumber: string): string {
    return hmacHex(this.config.secretKey, `kyc-document:${issuingCountry.toUpperCase()}:${documentNumber.replace(/[\s<-]/g, '').toUpperCase()}`);
  }

  async uploadDocument(session: SdkSession, doc: DocumentIn): Promise<MessageOut> {
    await this.limits.consume('sdkUpload', session.applicant.project_id, session.applicant.external_user_id);
    const frontType = await this.image('front', doc.front);
    const backType = doc.back ? await this.image('back', doc.back) : null;
    await this.knex.transaction(async (trx) => {
      const attempt = await this.openAttempt(trx, session.applicant);
      await trx(T.attempts)
        .where({ id: attempt.id })
        .update({
          document_type: doc.document_type,
          issuing_country: doc.issuing_country.toUpperCase(),
          document_number_hash: this.documentHash(doc.issuing_country, doc.document_number),
          document_sealed: this.seal(DOCUMENT_PURPOSE, JSON.stringify({ document_number: doc.document_number, expiry_date: doc.expiry_date, mrz: doc.mrz ?? '' })),
          front_type: frontType,
          front_sealed: this.seal(IMAGE_PURPOSE, doc.front.toString('base64')),
          back_type: backType,
          back_sealed: doc.back ? this.seal(IMAGE_PURPOSE, doc.back.toString('base64')) : null,
          updated_at: new Date(),
        });
    });
    return { detail: `${doc.document_type} received.`, status: session.applicant.status };
  }

  async saveData(session: SdkSession, data: PersonalDataIn): Promise<MessageOut> {
    await this.limits.consume('sdkUpload', session.applicant.project_id, session.applicant.external_user_id);
    await this.knex.transaction(async (trx) => {
      const attempt = await this.openAttempt(trx, session.applicant);
      await trx(T.attempts).where({ id: attempt.id }).update({ data_sealed: this.seal(PERSONAL_DATA_PURPOSE, JSON.stringify(data)), updated_at: new Date() });
    });
    return { detail: 'Personal data received.', status: session.applicant.status };
  }

  async submit(session: SdkSession): Promise<MessageOut> {
    const applicant = session.applicant;
    await this.limits.consume('sdkSubmit', applicant.project_id, applicant.external_user_id);
    const { attemptId, doc, data } = await this.knex.transaction(async (trx) => {
      const attempt = await this.openAttempt(trx, applicant);
      const missing: FieldIssue[] = [];
      if (!attempt.document_sealed || !attempt.front_sealed) missing.push({ path: 'documents', message: 'upload the identity document (front image) first' });
      else if (TWO_SIDED.has(attempt.document_type) && !attempt.back_sealed) missing.push({ path: 'documents.back', message: `a ${attempt.document_type} needs its back image` });
      if (!attempt.data_sealed) missing.push({ path: 'data', message: 'send the personal data first' });
      if (missing.length) throw new Invalid('The submission is incomplete.', missing, 'incomplete_submission');
      await trx(T.attempts).where({ id: attempt.id }).update({ review_status: 'pending', submitted_at: new Date(), updated_at: new Date() });
      return {
        attemptId: attempt.id as number,
        doc: JSON.parse(unseal(this.config.secretKey, DOCUMENT_PURPOSE, attempt.document_sealed)) as { document_number: string; expiry_date: string; mrz: string },
        data: JSON.parse(unseal(this.config.secretKey, PERSONAL_DATA_PURPOSE, attempt.data_sealed)) as PersonalDataIn,
      };
    });
    // submitted: under review (callback "under review")
    await this.sync.repull(applicant.id, 'inhouse_submit');
    const results = await this.runChecks(applicant, attemptId, doc, data);
    const outcome = outcomeOf(results);
    await this.knex(T.attempts)
      .where({ id: attemptId, review_status: 'pending' })
      .update(
        outcome
          ? { checks: JSON.stringify(results), review_status: 'completed', review_answer: 'RED', reject_type: outcome.rejectType, reject_labels: JSON.stringify(outcome.labels), moderation_comment: outcome.comment, reviewed_at: new Date(), reviewed_by: 'automatic checks', updated_at: new Date() }
          : { checks: JSON.stringify(results), updated_at: new Date() },
      );
    const after = outcome ? (await this.sync.repull(applicant.id, 'inhouse_checks')).applicant : (await this.sync.load(applicant.id))!;
    return {
      detail: outcome ? `Automatic checks failed: ${outcome.comment}` : 'Submitted; the documents are under review.',
      status: after.status,
    };
  }

  private async runChecks(applicant: ApplicantRow, attemptId: number, doc: { document_number: string; expiry_date: string; mrz: string }, data: PersonalDataIn): Promise<CheckResult[]> {
    const attempt = await this.knex(T.attempts).where({ id: attemptId }).first();
    // the same document already submitted by another applicant of the project
    const other = await this.knex(`${T.attempts} as x`)
      .join(`${T.applicants} as a`, 'a.id', 'x.applicant_id')
      .where('x.document_number_hash', attempt.document_number_hash)
      .whereNotNull('x.submitted_at')
      .where('a.project_id', applicant.project_id)
      .whereNot('a.id', applicant.id)
      .first('x.id');
    return [
      { check: 'required_fields', passed: true, message: 'All required fields are present.' },
      checkExpiry(doc.expiry_date),
      checkAge(data.date_of_birth),
      checkMrz(doc.mrz, { documentNumber: doc.document_number, expiryDate: doc.expiry_date, dateOfBirth: data.date_of_birth }),
      checkDuplicate(!!other),
    ];
  }
}
