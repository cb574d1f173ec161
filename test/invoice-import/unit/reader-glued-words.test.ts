// An OCR engine that reads whole lines may drop the spaces between short words (issue 26,
// round 12): "DATE DELIVRAISON:28/01/2026", "DATE DEDEBUT DEPRESTATION:01/01/2026". Those
// are still the delivery and service dates, not the document's date printed as "Date: 31/01/2026".
// And a long total label with two letters misread for look-alikes ("Zahibatrag") is still that label;
// a name closing in "CO" is a company, not a town in Colorado.
// Synthetic lines; each rule holds for documents in general.
import test from 'ava';
import { layoutFromText, type Layout } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { plausibleName } from '../../../workers/invoice/text/vendor-name.js';

const asOcr = (layout: Layout): Layout => ({ ...layout, quality: 0.9, lines: layout.lines.map((l) => ({ ...l, conf: 0.95, cells: l.cells.map((c) => ({ ...c, conf: 0.95 })) })) });
const read = (lines: string[]) => readLaidOutInvoice(asOcr(layoutFromText(lines.join('\n')))).header;

const top = ['FACTURE N°:      F20260030', 'LOGO LEFOURNISSEUR', 'Date:      31/01/2026', 'LEFOURNISSEUR', '35 rue d\'ici', '75018 PARIS,FR'];
const bottom = ['Date d\'écheance :      02/03/2026      NET A PAYER      90,00 EUR'];

test('a delivery or service date whose "de" the OCR glued on is still no document date', (t) => {
  const h = read([...top, 'N°DE FACTURE ASSOCIEE:F20260003      DATE DELIVRAISON:28/01/2026', 'DATE DEDEBUT DEPRESTATION:01/01/2026', 'DATE DE FIN DE PRESTATION :31/12/2026', ...bottom]);
  t.is(h.invoice_date.value, '2026-01-31');
  // the same words printed with their spaces, as before
  t.is(read([...top, 'DATE DE LIVRAISON : 28/01/2026', 'DATE DE DEBUT DE PRESTATION : 01/01/2026', ...bottom]).invoice_date.value, '2026-01-31');
  // a word that merely starts with "de" ("DETAIL") is no role word: its date stays the document's
  t.is(read(['LOGO LEFOURNISSEUR', 'LEFOURNISSEUR', 'DATE DETAIL:15/01/2026', ...bottom]).invoice_date.value, '2026-01-15');
});

test('a long total label with two look-alike letters misread is still that label; other words are not mended', (t) => {
  const seller = ['Lieferant GmbH & Co. KG', 'Lieferantenstraße 20', '10369 Berlin', 'USt-IdNr.: DE123456789', 'Rechnung Nr. 47110819', 'Datum: 15.11.2025'];
  const h = read([...seller, 'Rechnungssumme ohne USt.      20.000,00', 'Steuerbetrag in EUR      3.800,00', 'Bruttosumma      23,800,000', 'Erhaltene Anzahlungen      11.900,00', 'Zahibatrag      11.900,00']);
  t.is(h.total_amount.value, 11900);
  // a word two letters from a label by letters that do not look alike ("Gesamtsumpf": m for p, e for f) is not mended into one
  const other = read([...seller, 'Rechnungssumme ohne USt.      20.000,00', 'Gesamtsumpf      11.900,00']);
  t.not(other.total_amount.value, 11900);
});

test('"FACTUREN®:": the degree sign read as a ® (and the space lost) still labels the number', (t) => {
  const h = read(['LOGO LE FOURNISSEUR      FACTUREN®:      F20260025', 'Date :      31/01/2026', 'LE FOURNISSEUR', '35 rue d\'ici', '75018 PARIS, FR', 'NET A PAYER      100,00 EUR']);
  t.is(h.invoice_number.value, 'F20260025');
});

test('"… TRADING CO" is a company, not a town in Colorado; "Denver, CO" still is a town', (t) => {
  t.true(plausibleName('SAM SAM TRADING CO'));
  t.true(plausibleName('KEDAI BUKU MAJU CO'));
  t.false(plausibleName('Denver, CO'));
  t.false(plausibleName('FAIR OAKS, CA'));
});
