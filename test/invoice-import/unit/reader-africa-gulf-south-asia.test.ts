// Issue 26, round 21. Invoices and tills from Africa, the Gulf, South Asia and Central Europe, as their text layers
// print them: money signs and codes the reader did not know (₦, KES, EGP), signs several countries share read by the
// seller's country (Pakistan's "Rs.", Morocco's "DH"), tax ids and towns as country signals, "Value incl. Sales Tax",
// and the cash and change of Polish and Czech tills. Synthetic lines, written the way each country prints them.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('a Nigerian invoice in naira (₦ before each amount); Kenyan and Egyptian ones naming KES and EGP', (t) => {
  const ng = read(['Lagos Office Supplies Ltd', '12 Allen Avenue, Ikeja, Lagos', 'INVOICE', 'Invoice No: LOS-0091', 'Date: 15/03/2024', 'Subtotal      ₦100,000.00', 'VAT 7.5%      ₦7,500.00', 'Total      ₦107,500.00']);
  t.is(ng.currency.value, 'NGN');
  t.is(ng.total_amount.value, 107500);
  t.true(ng.total_amount.confidence >= 0.9);
  t.is(read(['Nairobi Hardware Ltd', 'PIN: P051234567X', 'Sub Total      KES 10,000.00', 'VAT 16%      KES 1,600.00', 'Total      KES 11,600.00']).currency.value, 'KES');
  t.is(read(['Cairo Trading Co.', 'Nasr City, Cairo, Egypt', 'Subtotal      EGP 1,000.00', 'VAT 14%      EGP 140.00', 'Total      EGP 1,140.00']).currency.value, 'EGP');
});

test('"Rs." is the rupee of the seller\'s country: Pakistan\'s on a Karachi invoice, India\'s elsewhere; "Value incl. Sales Tax" is the total', (t) => {
  const pk = read(['Karachi Traders (Pvt) Ltd', 'NTN: 1234567-8', 'Shahrah-e-Faisal, Karachi', 'Sales Tax Invoice', 'Invoice No: KT-443', 'Date: 15-03-2024', 'Value excl. Sales Tax      Rs. 10,000', 'Sales Tax 18%      Rs. 1,800', 'Value incl. Sales Tax      Rs. 11,800']);
  t.is(pk.currency.value, 'PKR');
  t.is(pk.total_amount.value, 11800);
  t.true(pk.total_amount.confidence >= 0.9);
  t.is(read(['Mumbai Traders Pvt Ltd', 'GSTIN: 27AAAAA0000A1Z5', 'Taxable Value      Rs. 1,000.00', 'CGST 9%      Rs. 90.00', 'SGST 9%      Rs. 90.00', 'Total      Rs. 1,180.00']).currency.value, 'INR');
});

test('"DH" is the dirham of the seller\'s country: Morocco\'s on a Casablanca invoice (its ICE over a French legal form)', (t) => {
  const ma = read(['SOCIETE ATLAS SARL', 'ICE: 001234567000089', 'Bd Zerktouni, Casablanca', 'FACTURE N° F2024-55', 'Date : 15/03/2024', 'Total HT      10 000,00 DH', 'TVA 20%      2 000,00 DH', 'Total TTC      12 000,00 DH']);
  t.is(ma.currency.value, 'MAD');
  t.is(ma.total_amount.value, 12000);
  t.is(read(['Gulf Star Trading LLC', 'Office 12, Al Quoz, Dubai', 'Subtotal      Dhs 1,000.00', 'VAT 5%      Dhs 50.00', 'Total      Dhs 1,050.00']).currency.value, 'AED');
});

test('Polish and Czech tills: cash tendered less the change proves the total ("Gotówka" / "Reszta", "Hotovost" / "Vráceno")', (t) => {
  const pl = read(['Biedronka', 'Jeronimo Martins Polska S.A.', 'NIP 779-10-11-327', 'PARAGON FISKALNY', '2024-03-15', 'Chleb      3,99 C', 'Mleko      2,49 C', 'SUMA PLN      6,48', 'Gotówka      10,00', 'Reszta      3,52']);
  t.is(pl.total_amount.value, 6.48);
  t.true(pl.total_amount.confidence >= 0.9);
  const cz = read(['Albert Česká republika, s.r.o.', 'DIČ: CZ44012373', 'Účtenka č. 1234', 'Datum: 15.03.2024', 'Rohlík      2,90', 'Celkem      2,90 Kč', 'Hotovost      10,00', 'Vráceno      7,10']);
  t.is(cz.total_amount.value, 2.9);
  t.true(cz.total_amount.confidence >= 0.9);
});
