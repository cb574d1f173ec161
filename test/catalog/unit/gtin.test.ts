import test from 'ava';
import { checkDigit, checkGtin, equivalentCodes, expandUpcE, parseGtin } from '../../../domain/catalog/gtin.js';
import type { DomainError } from '../../../jobs/runtime/errors.js';
import { httpStatusOf } from '../../../gateway/http/errors.js';

test('check digits of EAN-8, UPC-A, EAN-13 and GTIN-14', (t) => {
  t.is(checkDigit('9638507'), 4);
  t.is(checkDigit('03600029145'), 2);
  t.is(checkDigit('400638133393'), 1);
  t.is(checkDigit('1001234567890'), 2);
  for (const [code, sym] of [['96385074', 'EAN-8'], ['036000291452', 'UPC-A'], ['4006381333931', 'EAN-13'], ['10012345678902', 'GTIN-14']] as const) {
    const r = checkGtin(code);
    t.true(r.ok, code);
    if (r.ok) t.is(r.gtin.symbology, sym);
  }
});

test('a wrong check digit names the expected one; other shapes are not GTINs', (t) => {
  const r = checkGtin('4006381333932');
  t.false(r.ok);
  if (!r.ok && r.reason === 'check_digit') {
    t.is(r.expected, 1);
    t.is(r.given, 2);
  } else t.fail();
  for (const bad of ['', '123', '12345678901', 'abcdefgh', '123456789012345', '4006381333931x']) t.like(checkGtin(bad), { ok: false, reason: 'format' });
  const err = t.throws(() => parseGtin('96385075', 'code')) as unknown as DomainError;
  t.is(httpStatusOf(err), 400);
  t.is(err.code, 'invalid_check_digit');
  t.is((t.throws(() => parseGtin('9638', 'code')) as unknown as { code: string }).code, 'invalid_barcode');
});

test('normalising: separators, equivalent spellings, UPC-E expansion', (t) => {
  const r = checkGtin(' 4006-381 333931 ');
  t.true(r.ok);
  if (r.ok) {
    t.is(r.gtin.code, '4006381333931');
    t.is(r.gtin.gtin14, '04006381333931');
    t.deepEqual(equivalentCodes(r.gtin), ['4006381333931', '04006381333931']);
  }
  const upc = checkGtin('036000291452');
  if (upc.ok) t.deepEqual(equivalentCodes(upc.gtin), ['36000291452'.padStart(12, '0'), '0036000291452', '00036000291452']);
  t.is(expandUpcE('01234565'), '012345000065');
  t.is(expandUpcE('04252614'), '042100005264');
  t.is(expandUpcE('2345678'), null);
});
