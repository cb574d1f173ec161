// Issue 26, round 15. Invoices in languages the reader did not know yet, as they print their labels:
// Norwegian, Danish and Swedish "to pay", Finnish, Czech, Turkish, Hungarian and Romanian labels of the
// number, date and total, their net totals that are not the amount payable, their money words after the
// amount ("TL", "lei", "Ft"), their words for the buyer, and Sweden's "AB". Synthetic lines, written the way each
// country's invoices print them; each rule holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { AKTIEBOLAG_PAGE, plausibleName } from '../../../workers/invoice/text/vendor-name.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('Norwegian: "Å betale" is what is to pay; "Forfallsdato" is the due date, not the invoice\'s', (t) => {
  const h = read([
    'Fjordlys Elektro AS',
    'Strandgata 4, 5013 Bergen',
    'Org.nr. 912 345 678 MVA',
    'Faktura',
    'Fakturanr.      7731',
    'Fakturadato      03.10.2024',
    'Forfallsdato      17.10.2024',
    'Kunde: Solberg Eiendom AS',
    'Beskrivelse      Antall      Pris      Beløp',
    'Montering stikkontakt      3      500,00      1 500,00',
    'Sum eks. mva      1 500,00',
    'Mva 25 %      375,00',
    'Å betale      NOK 1 875,00',
    'Kontonummer 1234.56.78901',
  ]);
  t.is(h.total_amount.value, 1875);
  t.is(h.currency.value, 'NOK');
  t.is(h.invoice_date.value, '2024-10-03');
  t.is(h.vendor_name.value, 'Fjordlys Elektro AS');
});

test('Danish: "At betale" and "I alt" confirm the total', (t) => {
  const h = read([
    'Havnens Kaffebar ApS',
    'Nyhavn 17, 1051 København K',
    'CVR-nr. 12345678',
    'FAKTURA',
    'Fakturanr.: A-2291',
    'Fakturadato: 30.09.2024',
    'Forfaldsdato: 14.10.2024',
    'Kaffebønner 1 kg      4      250,00      1.000,00',
    'Subtotal      1.000,00',
    'Moms 25%      250,00',
    'I alt DKK      1.250,00',
    'At betale      1.250,00',
  ]);
  t.is(h.total_amount.value, 1250);
  t.true(h.total_amount.confidence >= 0.9, String(h.total_amount.confidence));
  t.is(h.currency.value, 'DKK');
  t.is(h.invoice_date.value, '2024-09-30');
});

test('Finnish: "Laskun numero", "Laskun päivämäärä", "Yhteensä" (and "Veroton yhteensä" is the net, not the total)', (t) => {
  const h = read([
    'Saimaan Puutarha Oy',
    'Kauppakatu 9, 53100 Lappeenranta',
    'Y-tunnus 1234567-8',
    'LASKU',
    'Laskun numero      40012',
    'Laskun päivämäärä      21.08.2024',
    'Eräpäivä      04.09.2024',
    'Viitenumero      12344',
    'Tuote      Määrä      Hinta      Yhteensä',
    'Multa 50 l      5      25,00      125,00',
    'Veroton yhteensä      125,00',
    'ALV 24 %      30,00',
    'Yhteensä      155,00 €',
  ]);
  t.is(h.invoice_number.value, '40012');
  t.is(h.invoice_date.value, '2024-08-21');
  t.is(h.total_amount.value, 155);
});

test('Czech: "Celkem k úhradě" after "Základ daně" and "DPH"', (t) => {
  const h = read([
    'Vltava Papír s.r.o.',
    'Národní 28, 110 00 Praha 1',
    'IČO: 12345678   DIČ: CZ12345678',
    'FAKTURA – DAŇOVÝ DOKLAD',
    'Číslo faktury: 2024-0456',
    'Datum vystavení: 15.07.2024',
    'Datum splatnosti: 29.07.2024',
    'DUZP: 15.07.2024',
    'Odběratel: Novák a syn s.r.o., Brno',
    'Kancelářský papír A4      100      100,00      10 000,00',
    'Základ daně      10 000,00',
    'DPH 21 %      2 100,00',
    'Celkem k úhradě      12 100,00 Kč',
  ]);
  t.is(h.total_amount.value, 12100);
  t.is(h.currency.value, 'CZK');
  t.is(h.invoice_number.value, '2024-0456');
});

test('Turkish: "Ödenecek Tutar" in TL; "Mal Hizmet Toplam Tutarı" is the net', (t) => {
  const h = read([
    'Boğaziçi Tekstil A.Ş.',
    'Büyükdere Cad. No:45 Şişli / İstanbul',
    'Vergi Dairesi: Şişli   VKN: 1234567890',
    'FATURA',
    'Fatura No: BTS2024000123',
    'Fatura Tarihi: 12.06.2024',
    'Sayın: Yıldız Mağazacılık Ltd. Şti.',
    'Pamuklu Kumaş      50      100,00      5.000,00',
    'Mal Hizmet Toplam Tutarı      5.000,00',
    'Hesaplanan KDV (%18)      900,00',
    'Vergiler Dahil Toplam Tutar      5.900,00 TL',
    'Ödenecek Tutar      5.900,00 TL',
  ]);
  t.is(h.total_amount.value, 5900);
  t.is(h.currency.value, 'TRY');
  t.is(h.invoice_number.value, 'BTS2024000123');
  // (a till's "TL 18.000" opening its line is its total, after the last item's amount on the line before: no lira)
  t.not(read(['Nasi Goreng      2      36.000', 'TL 18.000']).currency.value, 'TRY');
});

test('Hungarian: "Számla sorszáma", "Fizetendő összesen 63 500 Ft" (whole forints grouped by spaces), "Nettó összesen" is the net', (t) => {
  const h = read([
    'Duna Nyomda Kft.',
    '1051 Budapest, Nádor utca 8.',
    'Adószám: 12345678-2-41',
    'SZÁMLA',
    'Számla sorszáma: DN-2024/318',
    'Számla kelte: 2024.05.06',
    'Teljesítés dátuma: 2024.05.06',
    'Fizetési határidő: 2024.05.20',
    'Vevő: Kiss és Társa Bt.',
    'Szórólap nyomtatás      1000      50      50 000',
    'Nettó összesen      50 000',
    'ÁFA 27%      13 500',
    'Fizetendő összesen      63 500 Ft',
  ]);
  t.is(h.invoice_number.value, 'DN-2024/318');
  t.is(h.total_amount.value, 63500);
  t.is(h.currency.value, 'HUF');
});

test('Romanian: "Total de plată" in lei; the buyer after "Cumpărător:" is not the seller', (t) => {
  const h = read([
    'Carpați Logistic S.R.L.',
    'Str. Dacia nr. 10, Cluj-Napoca',
    'CUI: RO12345678   Nr. Reg. Com.: J12/345/2010',
    'FACTURA FISCALĂ',
    'Seria CLG nr. 1042',
    'Data facturii: 18.04.2024',
    'Data scadenței: 18.05.2024',
    'Cumpărător: Mureș Trading S.R.L.',
    'Transport marfă      1      1.000,00      1.000,00',
    'Total fără TVA      1.000,00',
    'TVA 19%      190,00',
    'Total de plată      1.190,00 lei',
  ]);
  t.is(h.total_amount.value, 1190);
  t.is(h.currency.value, 'RON');
  t.is(h.vendor_name.value, 'Carpați Logistic S.R.L.');
});

test('Swedish: "Att betala 3 125,00 kr"; the buyer after "Köpare:" is not the seller, the "… AB" above is', (t) => {
  const h = read([
    'Nordkust Verktyg AB',
    'Hamngatan 12, 411 14 Göteborg',
    'Org.nr 556677-8899      Momsreg.nr SE556677889901',
    'FAKTURA',
    'Fakturanummer      20241187',
    'Fakturadatum      2024-11-14',
    'Förfallodatum      2024-12-14',
    'Kundnummer      10442',
    'Köpare: Bergström Bygg AB, Storgatan 3, 111 51 Stockholm',
    'Artikel      Antal      À-pris      Belopp',
    'Skruvdragare 18V      1      2 100,00      2 100,00',
    'Bits-sats 32 delar      2      200,00      400,00',
    'Netto      2 500,00',
    'Moms 25 %      625,00',
    'Att betala      3 125,00 kr',
    'Bankgiro 123-4567',
  ]);
  t.is(h.total_amount.value, 3125);
  t.is(h.currency.value, 'SEK');
  t.is(h.invoice_number.value, '20241187');
  t.is(h.vendor_name.value, 'Nordkust Verktyg AB');
});

test('a closing "AB" is a Swedish company on a page that prints Swedish registration details, and Alberta elsewhere', (t) => {
  t.true(plausibleName('Nordkust Verktyg AB', { aktiebolag: true }));
  t.false(plausibleName('Edmonton AB'));
  t.false(plausibleName('Calgary, AB', { aktiebolag: true }), 'a comma before it still closes an address');
  t.true(AKTIEBOLAG_PAGE.test('Org.nr 556677-8899      Momsreg.nr SE556677889901'));
  t.false(AKTIEBOLAG_PAGE.test('10180 101 St NW, Edmonton AB T5J 3S4'));
});

test('Mexico: the CFDI\'s "Folio" numbers the invoice; its "Folio fiscal" (the tax authority\'s UUID) does not', (t) => {
  const h = read([
    'Distribuidora del Bajío S.A. de C.V.',
    'RFC: DBA010101AB1',
    'FACTURA',
    'Folio fiscal: 5FB2822E-396D-4725-8521-CDC4BDD20CCF',
    'Serie A   Folio 1523',
    'Fecha de emisión: 09/04/2024',
    'Subtotal      4,000.00',
    'IVA 16%      640.00',
    'Total      $4,640.00 MXN',
  ]);
  t.is(h.invoice_number.value, '1523');
  t.is(h.total_amount.value, 4640);
});

test('Japanese labels in a text layer: 請求番号, 発行日, 合計金額 (and 小計 is the subtotal)', (t) => {
  const h = read([
    '株式会社サクラ商事',
    '〒100-0001 東京都千代田区千代田1-1',
    '請求書',
    '請求番号: INV-2024-0312',
    '発行日: 2024年3月12日',
    '山田工業株式会社 御中',
    '商品A      10      3,000      30,000',
    '小計      30,000',
    '消費税(10%)      3,000',
    '合計金額      ¥33,000',
  ]);
  t.is(h.invoice_number.value, 'INV-2024-0312');
  t.is(h.invoice_date.value, '2024-03-12');
  t.is(h.total_amount.value, 33000);
  t.is(h.currency.value, 'JPY');
});

test('tills: Poland\'s "SUMA PLN" (its "SPRZEDAŻ OPODATK." is the taxed sales) and Sweden\'s "Totalt"', (t) => {
  const pl = read([
    'Żabka Polska sp. z o.o.',
    'NIP 972-106-52-07',
    '2024-06-02      nr wydr. 123456',
    'PARAGON FISKALNY',
    'Woda mineralna 1,5L      2 x 2,49      4,98 A',
    'Kanapka szynka      1 x 8,99      8,99 B',
    'Kawa latte      1 x 9,50      9,50 B',
    'SPRZEDAŻ OPODATK. A      4,98',
    'PTU A 23%      0,93',
    'SUMA PLN      23,47',
    'Karta      23,47',
  ]);
  t.is(pl.total_amount.value, 23.47);
  t.is(pl.currency.value, 'PLN');
  const se = read(['ICA Supermarket Hornstull', 'Org.nr 556123-4567', 'Kaffe      54,90', 'Bröd      32,90', 'Ost      64,70', 'Totalt      152,50', 'Kort      152,50', 'Moms 12%      16,34', '2024-04-20 12:31']);
  t.is(se.total_amount.value, 152.5);
  t.is(se.currency.value, 'SEK');
});

// (round 21)
test('months named in the languages of Central and Northern Europe, the Baltic, the Balkans and Turkey; Hungary\'s year first', (t) => {
  const date = (s: string) => read(['ACME Sp. z o.o.', `Data wystawienia: ${s}`, 'Razem 10,00']).invoice_date.value;
  const cases: [string, string][] = [
    ['15 marca 2024', '2024-03-15'], // Polish
    ['15. března 2024', '2024-03-15'], // Czech
    ['15. maaliskuuta 2024', '2024-03-15'], // Finnish
    ['2024. március 15.', '2024-03-15'], // Hungarian
    ['15 martie 2024', '2024-03-15'], // Romanian
    ['15 Şubat 2024', '2024-02-15'], // Turkish
    ['15. ožujka 2024', '2024-03-15'], // Croatian
    ['3 maj 2024', '2024-05-03'], // Swedish, Danish, Polish
    ['15 augusti 2024', '2024-08-15'], // Swedish
    ['15 października 2024', '2024-10-15'], // Polish
    ['2024 m. kovo 15 d.', '2024-03-15'], // Lithuanian
  ];
  for (const [printed, iso] of cases) t.is(date(printed), iso, printed);
});
