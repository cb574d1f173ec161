// Credit notes and corrections (issue 26, round 12): the amount due is negative, printed
// with its cents ("NET A PAYER -90,00 EUR", "Gesamtbetrag -8,79"); it is read as it stands,
// while a negative of whole digits nothing explains ("( 742)" on a page that writes cents)
// is still taken for a misreading. Synthetic lines; each rule holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;
const seller = ['LE FOURNISSEUR SARL', '35 rue d\'ici', '75018 PARIS, FR', 'N° TVA : FR 11 123 456 782'];

test('a credit note\'s negative amount due is read, whole euros included', (t) => {
  const h = read([...seller, 'AVOIR N° : A20220029', 'Date : 31/01/2022', 'TOTAL HT      TOTAL TVA      TOTAL TTC', '-100,00       0,00           -100,00', 'Acompte :  -10,00', 'Date d\'échéance : 02/03/2022      NET A PAYER      -90,00 EUR']);
  t.is(h.total_amount.value, -90);
  t.is(read([...seller, 'AVOIR N° : A20220030', 'Date : 31/01/2022', 'NET A PAYER      -90,00 EUR']).total_amount.value, -90);
  t.is(read([...seller, 'Rechnungskorrektur Nr. RK21012345', 'Datum: 01.03.2021', 'Gesamtbetrag   -8,79 EUR']).total_amount.value, -8.79);
});

test('a negative of whole digits in brackets on a page that writes cents is still no total', (t) => {
  const h = read([...seller, 'FACTURE N° : F20220031', 'Date : 31/01/2022', 'Sous-total   7,42', 'TOTAL   ( 742)']);
  t.not(h.total_amount.value, -742);
});

test('a credit note\'s number is read under its own labels, the space after AVOIR lost included', (t) => {
  const num = (title: string) => read([...seller, title, 'Date : 31/01/2026', 'NET A PAYER   -100,00 EUR']).invoice_number;
  t.is(num('LOGO LE FOURNISSEUR     AVOIR N° :     A-2026-0028').value, 'A-2026-0028');
  t.is(num('LOGOLEFOURNISSEUR     AVOIRN°:     F20260028').value, 'F20260028');
  t.is(num('N° d\'avoir : AV2026-11').value, 'AV2026-11');
  t.is(num('Credit Note No.: CN-12345').value, 'CN-12345');
  t.is(num('Gutschriftsnummer: GS-4711').value, 'GS-4711');
  // French prose with "avoir" in it names no number
  t.is(num('Merci d\'avoir nous choisi, à bientôt').value, null);
});
