// Issue 26, round 24. The part of a total that is tax, printed after it on the same line ("TOTAL TTC 43,00 € dont TVA
// 10 % 3,91 €", "Gesamtbetrag 47,83 € davon MwSt. 7,64 €", "of which VAT"), and a correction's or credit note's own
// total label ("Korrekturbetrag"). Synthetic documents; each rule is general, none names a program or a company.
import test from 'ava';
import { buildLayout, layoutFromText } from '../../../workers/invoice/layout.js';
import { OCR_CELL_GAP } from '../../../workers/invoice/formats/ocr-settings.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('total: the tax "of which" a total is made, printed after it, is not the total', (t) => {
  const cases: [string, string[], number][] = [
    ['dont TVA', ['Boulangerie Martin SARL', '12 rue du Four, 75006 Paris', 'Facture n° 2024-17', 'Date : 12/03/2024', 'Pain de campagne      2      39,09 €', 'TOTAL TTC 43,00 € dont TVA 10 % 3,91 €'], 43],
    ['davon MwSt.', ['Bäckerei Korn GmbH', 'Rechnung Nr. 55', 'Datum: 12.03.2024', 'Brot      2      40,19 €', 'Gesamtbetrag 47,83 € davon MwSt. 19 % 7,64 €'], 47.83],
    ['of which VAT', ['Green Grocer Ltd', 'Invoice No. 88', 'Date: 12/03/2024', 'Apples      2      40.00', 'Total £48.00 of which VAT £8.00'], 48],
    ['di cui IVA', ['Panificio Rossi Srl', 'Fattura n. 9', 'Data 12/03/2024', 'Pane      2      40,00', 'Totale 48,80 € di cui IVA 8,80 €'], 48.8],
    ['waarvan btw', ['Bakkerij de Vries B.V.', 'Factuurnummer 31', 'Datum 12-03-2024', 'Brood      2      40,00', 'Totaal € 48,40 waarvan btw € 8,40'], 48.4],
  ];
  for (const [name, lines, total] of cases) t.is(read(lines).total_amount.value, total, name);
  // (an amount before tax followed by its gross is still read as before: the gross is no part of it)
  t.is(read(['Boulangerie Martin SARL', 'Facture n° 2024-17', 'Date : 12/03/2024', 'Pain      2      40,00 €', 'Total HT      40,00 €', 'TVA 10 %      4,00 €', 'Total TTC      44,00 €']).total_amount.value, 44);
});

test('total: a correction\'s "Korrekturbetrag" and a credit note\'s "Gutschriftsbetrag" are its total; their net is not', (t) => {
  const h = read(['Fliesen Franz GmbH', 'Rechnungskorrektur Nr. K-12', 'Datum 06.06.2024', 'zur Rechnung Nr. 2024-88 vom 01.06.2024', 'Korrekturbetrag netto      -100,00 €', 'MwSt. 19 %      -19,00 €', 'Korrekturbetrag      -119,00 €']);
  t.is(h.total_amount.value, -119);
  t.is(h.invoice_number.value, 'K-12');
  const credit = read(['Fliesen Franz GmbH', 'Gutschrift Nr. G-3', 'Datum 06.06.2024', 'Gutschriftsbetrag netto      100,00 €', 'MwSt. 19 %      19,00 €', 'Gutschriftsbetrag      119,00 €']);
  t.is(credit.total_amount.value, 119);
});

test('total: Quebec\'s QST (TVQ) beside the GST is a tax the subtotal adds up with', (t) => {
  const head = ['Tremblay Inc.', 'Invoice No. F-87', 'Date 2024-03-12', 'GST No. 123456789 RT0001', ''];
  for (const [label, amount, total] of [['QST 9.975%', '99.75', 1149.75], ['TVQ 9,975 %', '99.75', 1149.75]] as const) {
    const h = read([...head, 'Subtotal      1,000.00', 'GST 5%      50.00', `${label}      ${amount}`, `Total      $${total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`]);
    t.is(h.total_amount.value, total, label);
    t.true(h.total_amount.confidence >= 0.9, label);
  }
});

test('total: a till\'s card or phone payment in the Nordic countries, the Low Countries and Switzerland confirms the total', (t) => {
  const tokens = (lines: string[]) => lines.flatMap((line, row) => [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], page: 1, x0: m.index! * 12, x1: (m.index! + m[0].length) * 12, y: row * 30 + 15, h: 22, conf: 0.9 })));
  const till = (lines: string[]) => readLaidOutInvoice(buildLayout(tokens(lines), [{ width: 600, height: 3000 }], 90, { cellGap: OCR_CELL_GAP })).header;
  const lr = (l: string, r: string) => l + ' '.repeat(Math.max(2, 40 - l.length - r.length)) + r;
  for (const [label, card] of [['I ALT DKK', 'Dankort'], ['YHTEENSÄ', 'KORTTI'], ['TOTAAL', 'PIN'], ['TOTAL', 'Bancontact'], ['TOTAL CHF', 'TWINT']]) {
    const h = till(['         Bageriet Brød', lr('Rugbrød', '42,00'), lr('Kanelsnegl', '44,00'), lr(label, '86,00'), lr(card, '86,00')]);
    t.is(h.total_amount.value, 86, label);
    t.true(h.total_amount.confidence >= 0.9, card);
  }
});
