// Issue 26, round 21 (review). The rules for documents from anywhere must not misread ordinary ones: a Danish or
// Polish discount ("Rabat") is no Moroccan town, a customer named Jordan no country, a wall ("MUR") no Mauritian
// rupee; a product's year and model ("Echo Dot 2020 Gen 4") no date, a town ("Santa Marta 15 2010") no month; a
// till's field and number ("Kassenbon 0042") or a town and postcode on the first line no seller; a Japanese company's
// branch after its name is not part of the name. And the new scripts' own details read as printed (VNĐ, Φ.Π.Α.,
// ΜΑΪΟΥ, รวมเงินทั้งสิ้น).
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { plausibleName } from '../../../workers/invoice/text/vendor-name.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('ordinary words that are also towns, names or currency codes do not decide the money', (t) => {
  t.is(read(['Bageriet', 'Rugbrød      32,00', 'Rabat      -2,00', 'I alt      30,00 €']).currency.value, 'EUR');
  t.not(read(['Piekarnia', 'Chleb      10,00', 'Rabat 10%      -1,00', 'Razem      9,00']).currency.value, 'MAD');
  t.is(read(['Bill to: Jordan Smith', 'Invoice # 1042', 'Total      $450.00']).currency.value, 'USD');
  t.is(read(['Peinture Dupont SARL', 'FACTURE N° 2024-18', 'PEINTURE MUR SALON      240,00', 'ENDUIT MUR CUISINE      120,00', 'Total TTC      360,00']).currency.value, 'EUR');
  t.not(read(['Chemie Handel GmbH', 'Gefahrstoff GHS02 GHS07', 'Summe      12,00 €']).currency.value, 'GHS');
});

test("a product's year and model, or a town before a day, is no date", (t) => {
  const h = read(['Tech Store GmbH', 'Rechnungsdatum: 03.05.2024', 'Echo Dot 2020 Gen 4      49,99', 'LEGO 2019 Set 3      19,99', 'Summe      69,98']);
  t.is(h.invoice_date.value, '2024-05-03');
  t.is(read(['Hotel Santa Marta', 'Santa Marta 15 2010', 'Total      $120.00']).invoice_date.value, null);
});

test("a till's field and number, or a town and its postcode, on the first line is no seller", (t) => {
  t.is(read(['Kassenbon 0042', 'Bäckerei Schmidt', 'Hauptstr. 5', '80331 München', 'SUMME      EUR 7,16']).vendor_name.value, 'Bäckerei Schmidt');
  t.not(read(['Auckland 1010', 'Queen Street 12', 'Total      NZ$ 12.00']).vendor_name.value, 'Auckland');
});

test("a Japanese company's branch after its name is not part of it; names that merely contain kana of a verb stay names", (t) => {
  t.is(read(['サンプル株式会社 東京支店', '東京都港区芝公園4-2-8', '電話 03-0000-0000', '合計 ¥1,000']).vendor_name.value, 'サンプル株式会社');
  t.true(plausibleName('株式会社ますや'));
  t.true(plausibleName('manager magazin Verlagsgesellschaft mbH'));
  t.false(plausibleName('MANAGER JOHN DOE'));
});

test('the new scripts read as printed: VNĐ in words, the Greek Φ.Π.Α., ΜΑΪΟΥ in capitals, a Thai grand total', (t) => {
  t.is(read(['CÔNG TY CP SAO MAI', 'Tổng cộng (VNĐ):      1.100.000']).currency.value, 'VND');
  const gr = read(['ΤΕΧΝΙΚΗ Ε.Π.Ε.', 'ΑΦΜ: 094012345', 'Ημερομηνία έκδοσης: 7 ΜΑΪΟΥ 2024', 'Καθαρή αξία      100,00', 'Φ.Π.Α. 24%      24,00', 'Πληρωτέο      124,00 €']);
  t.is(gr.invoice_date.value, '2024-05-07');
  t.is(gr.total_amount.value, 124);
  t.true(gr.total_amount.confidence >= 0.9);
  const th = read(['บริษัท สยามเทรดดิ้ง จำกัด', 'รวมเงิน      1,000.00', 'ภาษีมูลค่าเพิ่ม 7%      70.00', 'รวมเงินทั้งสิ้น      1,070.00']);
  t.is(th.total_amount.value, 1070);
  t.true(th.total_amount.confidence >= 0.9);
});
