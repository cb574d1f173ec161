// Words that open with an accented letter ("échéance", "émetteur", "éco-participation"): a
// pattern's \b cannot stand before them (JavaScript's word boundary knows ASCII letters only),
// so they are matched after "no letter before" instead (issue 26, round 12): labels, country names
// and, in the support chat, asking for a person in French or Spanish. Synthetic lines.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { OTHER_DATE_WORDS, VENDOR_LABELS } from '../../../workers/invoice/text/vocabulary.js';
import { detectCountry } from '../../../workers/invoice/text/country.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('"Date d\'échéance" is the due date, not the document\'s', (t) => {
  t.true(OTHER_DATE_WORDS.test('Date d\'échéance : 02/03/2026'));
  t.true(OTHER_DATE_WORDS.test('ÉCHÉANCE 02/03/2026'));
  t.false(OTHER_DATE_WORDS.test('Date : 31/01/2026'));
  const h = read(['LE FOURNISSEUR SARL', '35 rue d\'ici, 75018 PARIS', 'FACTURE N° F20260030', '31/01/2026', 'TOTAL TTC   100,00', 'Date d\'échéance :   02/03/2026   NET A PAYER   100,00 EUR']);
  t.is(h.invoice_date.value, '2026-01-31');
});

test('"Émetteur :" labels the seller', (t) => {
  t.true(VENDOR_LABELS.test('Émetteur : ACME SARL'));
  t.true(VENDOR_LABELS.test('l\'émetteur'));
  t.false(VENDOR_LABELS.test('Date'));
});

test('a country named with an accented first letter counts: Österreich, Éire, Évora', (t) => {
  t.true((detectCountry('Musterfirma GmbH, Hauptstraße 1, 1010 Wien, Österreich').weights.AT ?? 0) > 0);
  t.true((detectCountry('Shop Ltd, Main Street, Dublin, Éire').weights.IE ?? 0) > 0);
  t.true((detectCountry('Loja Lda, Rua Direita 5, 7000 Évora').weights.PT ?? 0) > 0);
});
