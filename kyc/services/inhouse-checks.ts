// The in-house engine's automatic checks: pure functions over the submitted data.
// MRZ check digits (ICAO 9303 TD1/TD2/TD3) are verified with the `mrz` package.
import { parse as parseMrz } from 'mrz';

export interface CheckResult {
  check: 'required_fields' | 'document_expiry' | 'age_of_majority' | 'mrz' | 'duplicate_document';
  passed: boolean;
  /** skipped checks (an MRZ that was not given) count as passed */
  skipped?: boolean;
  message: string;
}

export const MIN_AGE = 18;

/** Reject label and type for each failed check (Sumsub's label names). */
export const FAILURE: Record<CheckResult['check'], { label: string; type: 'RETRY' | 'FINAL' }> = {
  required_fields: { label: 'INCOMPLETE_DOCUMENT', type: 'RETRY' },
  document_expiry: { label: 'EXPIRATION_DATE', type: 'RETRY' },
  mrz: { label: 'ID_INVALID', type: 'RETRY' },
  age_of_majority: { label: 'AGE_REQUIREMENT_MISMATCH', type: 'FINAL' },
  duplicate_document: { label: 'DUPLICATE', type: 'FINAL' },
};

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const todayUtc = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export function checkExpiry(expiryDate: string, now = new Date()): CheckResult {
  const passed = day(expiryDate) > todayUtc(now);
  return { check: 'document_expiry', passed, message: passed ? 'The document is valid.' : 'The document has expired; use a valid document.' };
}

export function ageOn(dateOfBirth: string, now = new Date()): number {
  const dob = day(dateOfBirth);
  let age = now.getUTCFullYear() - dob.getUTCFullYear();
  const beforeBirthday = now.getUTCMonth() < dob.getUTCMonth() || (now.getUTCMonth() === dob.getUTCMonth() && now.getUTCDate() < dob.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export function checkAge(dateOfBirth: string, now = new Date()): CheckResult {
  const passed = ageOn(dateOfBirth, now) >= MIN_AGE;
  return { check: 'age_of_majority', passed, message: passed ? 'Of age.' : `The applicant must be at least ${MIN_AGE} years old.` };
}

const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);
const mrzClean = (s: string) => s.replace(/</g, '').toUpperCase();

/** ICAO 9303 check digits, and the MRZ agreeing with the document number and dates given. */
export function checkMrz(mrz: string | null | undefined, doc: { documentNumber: string; expiryDate: string; dateOfBirth?: string }): CheckResult {
  if (!mrz || !mrz.trim()) return { check: 'mrz', passed: true, skipped: true, message: 'No MRZ given.' };
  const lines = mrz
    .split(/\r?\n/)
    .map((l) => l.trim().toUpperCase())
    .filter(Boolean);
  let result: ReturnType<typeof parseMrz>;
  try {
    result = parseMrz(lines);
  } catch (err) {
    return { check: 'mrz', passed: false, message: `The MRZ cannot be read: ${(err as Error).message}` };
  }
  const badDigits = result.details.filter((d) => !d.valid && /CheckDigit$/.test(String(d.field)));
  if (badDigits.length) return { check: 'mrz', passed: false, message: `MRZ check digits do not match (${badDigits.map((d) => d.field).join(', ')}).` };
  const f = result.fields;
  const mismatches: string[] = [];
  if (f.documentNumber && mrzClean(f.documentNumber) !== mrzClean(doc.documentNumber.replace(/[\s-]/g, ''))) mismatches.push('document number');
  if (f.expirationDate && f.expirationDate !== yymmdd(doc.expiryDate)) mismatches.push('expiry date');
  if (f.birthDate && doc.dateOfBirth && f.birthDate !== yymmdd(doc.dateOfBirth)) mismatches.push('date of birth');
  if (mismatches.length) return { check: 'mrz', passed: false, message: `The MRZ does not match the ${mismatches.join(', ')} given.` };
  return { check: 'mrz', passed: true, message: `MRZ (${result.format}) check digits are valid.` };
}

export function checkDuplicate(usedByAnother: boolean): CheckResult {
  return {
    check: 'duplicate_document',
    passed: !usedByAnother,
    message: usedByAnother ? 'This document is already used by another applicant.' : 'The document is not used by another applicant.',
  };
}

/** The review the checks lead to: null when all passed (a person reviews next). */
export function outcomeOf(results: CheckResult[]): { rejectType: 'RETRY' | 'FINAL'; labels: string[]; comment: string } | null {
  const failed = results.filter((r) => !r.passed);
  if (!failed.length) return null;
  const rejectType = failed.some((r) => FAILURE[r.check].type === 'FINAL') ? 'FINAL' : 'RETRY';
  return { rejectType, labels: [...new Set(failed.map((r) => FAILURE[r.check].label))], comment: failed.map((r) => r.message).join(' ') };
}
