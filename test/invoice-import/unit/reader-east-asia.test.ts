// Issue 26, round 21. Invoices and till receipts from Japan, Korea and Taiwan, as their text layers print them:
// sellers named in scripts without capitals or spaces, legal forms before or after the name (株式会社…, …有限公司),
// the addressee marked by an honorific (御中, 様), Japan's era years, and the totals blocks' own words (小計, 消費税,
// お預り, お釣り). Also a chain's store number after its name on a receipt's first line. Synthetic lines, written the
// way each country's documents print them; each rule holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { compactName } from '../../../workers/invoice/text/vendor-name.js';
import { improbableMarks } from '../../../workers/invoice/text/name-shape.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('a Japanese invoice: the seller with its 株式会社, not the addressee marked 御中; the total its block adds up to, in yen', (t) => {
  const h = read([
    '                                   請求書',
    '                                                       請求日: 2024年3月15日',
    '                                                       請求書番号: INV-2024-0315',
    '株式会社山田商店 御中',
    '                                                       株式会社サンプル商事',
    '                                                       〒100-0001 東京都千代田区千代田1-1-1',
    '                                                       TEL: 03-1234-5678',
    '                                                       登録番号: T1234567890123',
    '下記の通りご請求申し上げます。',
    'ご請求金額      ¥110,000 (税込)',
    '品目      数量      単価      金額',
    'コンサルティング業務      1      100,000      100,000',
    '小計      100,000',
    '消費税(10%)      10,000',
    '合計      ¥110,000',
    'お支払期限: 2024年4月30日',
  ]);
  t.is(h.vendor_name.value, '株式会社サンプル商事');
  t.is(h.invoice_number.value, 'INV-2024-0315');
  t.is(h.invoice_date.value, '2024-03-15');
  t.is(h.currency.value, 'JPY');
  t.true(h.currency.confidence >= 0.9);
  t.is(h.total_amount.value, 110000);
  // the net sum and the consumption tax add up to it: sure
  t.true(h.total_amount.confidence >= 0.9);
});

test('a Japanese till receipt: the chain at the top, not its address; tendered less change proves the total', (t) => {
  const h = read([
    'セブン-イレブン',
    '千代田神田店',
    '東京都千代田区神田1-2-3',
    '電話: 03-1111-2222',
    '登録番号 T9876543210123',
    '領収書',
    '2024年05月02日(木) 12:34',
    'おにぎり 鮭      ¥150',
    'お茶 500ml      ¥140',
    '小計 (税抜8%)      ¥269',
    '消費税等 (8%)      ¥21',
    '合計      ¥290',
    'お預り      ¥500',
    'お釣り      ¥210',
  ]);
  t.is(h.vendor_name.value, 'セブン-イレブン');
  t.is(h.invoice_date.value, '2024-05-02');
  t.is(h.currency.value, 'JPY');
  t.is(h.total_amount.value, 290);
  t.true(h.total_amount.confidence >= 0.9);
});

test('a tax the total already includes (内消費税) is not added to it', (t) => {
  const h = read([
    'カフェ・ド・サンプル',
    '東京都渋谷区神南1-2-3',
    '2024年6月1日',
    'ブレンドコーヒー      ¥540',
    'チーズケーキ      ¥540',
    '合計      ¥1,080',
    '(内消費税等      ¥80)',
    'お預り      ¥2,000',
    'お釣り      ¥920',
  ]);
  t.is(h.total_amount.value, 1080);
  t.is(h.currency.value, 'JPY');
});

test("Japan's era years: 令和6年 is 2024, 令和元年 2019; a legal form after the name (有限会社 before it too)", (t) => {
  const h = read([
    '御請求書',
    '㈱ABCトレーディング 御中',
    '                                    令和6年4月1日',
    '                                    有限会社やまと工務店',
    '                                    大阪府大阪市北区梅田2-4-9',
    '                                    電話 06-1234-0000',
    '工事代金      ¥330,000',
    '小計      ¥300,000',
    '消費税      ¥30,000',
    '合計金額      ¥330,000',
  ]);
  t.is(h.invoice_date.value, '2024-04-01');
  t.is(h.vendor_name.value, '有限会社やまと工務店');
  t.is(h.total_amount.value, 330000);
  t.true(h.total_amount.confidence >= 0.9);
  t.is(read(['サンプル合同会社', '発行日 令和元年5月7日', '合計 ¥1,000']).invoice_date.value, '2019-05-07');
});

test('a Korean receipt: the shop in Hangul, its date, the total after 합계, in won', (t) => {
  const h = read(['북촌상회', '서울특별시 종로구 북촌로 12', '사업자등록번호 123-45-67890', '영수증', '2024년 5월 3일', '아메리카노      4,500', '합계      ₩4,500']);
  t.is(h.vendor_name.value, '북촌상회');
  t.is(h.invoice_date.value, '2024-05-03');
  t.is(h.currency.value, 'KRW');
  t.is(h.total_amount.value, 4500);
});

test("a Taiwanese invoice: the company with its 有限公司, the Republic's year 113 as 2024, New Taiwan dollars", (t) => {
  const h = read(['樣本貿易有限公司', '台北市中山區南京東路100號', '電話: 02-2345-6789', '發票日期: 民國113年5月3日', '合計      NT$1,050']);
  t.is(h.vendor_name.value, '樣本貿易有限公司');
  t.is(h.invoice_date.value, '2024-05-03');
  t.is(h.currency.value, 'TWD');
  t.is(h.total_amount.value, 1050);
});

test("a chain's store number after its name on a receipt's first line is not part of it, and does not make it a town", (t) => {
  // a store's label before its number goes with it ("MAKRO - EST. 002"), and the chain's fuller name under it wins
  t.is(read(['MAKRO - EST. 002', 'MAKRO CASH & CARRY', 'ALFRAGIDE', 'TOTAL: Eur 10,90']).vendor_name.value, 'MAKRO CASH & CARRY');
  // a till's own field and its number is no store's name ("Filiale 0421", "Kasse 001"): the name under it stands
  t.is(read(['Filiale 0421', 'EDEKA Müller', 'Hauptstr. 5', '80331 München', 'SUMME      EUR 7,16']).vendor_name.value, 'EDEKA Müller');
  // nor a year closing a line of the first page ("… (c) FeRD 2021"): a copyright line is no store
  t.not(read(['Beispiel-Rechnungen für ZUGFeRD 2.2, (c) FeRD 2021', 'ELEKTRON Industrieservice GmbH', 'Rechnung Nr. 4711']).vendor_name.value, 'Beispiel-Rechnungen für ZUGFeRD 2.2, (c) FeRD');
  // nor is a street's house number: the street stays no name
  t.not(read(['Warburger Strasse 130', '33100 Paderborn', 'Summe      7,16']).vendor_name.value, 'Warburger Strasse');
  // (also as an OCR reading prints it, the ß read as B; and a plain three-digit number is a house number)
  t.not(read(['Warburger StraBe 130', '33100 Paderborn', 'Summe      7,16']).vendor_name.value, 'Warburger StraBe');
  t.not(read(['Hauptmarkt 130', '90403 Nürnberg', 'Summe      7,16']).vendor_name.value, 'Hauptmarkt');
  const h = read(['Albert Heijn 1234', 'Damrak 10', '1012 LM Amsterdam', 'BONNUMMER 4411', 'TOTAAL      12,50', 'PINNEN      12,50']);
  t.is(h.vendor_name.value, 'Albert Heijn');
  // further down, a word and four digits is still a town and its postcode, never the seller
  const nz = read(['Harbourlight Audio Ltd', '12 Queen Street', 'Auckland 1010', 'Tax Invoice', 'Total NZD 115.00']);
  t.is(nz.vendor_name.value, 'Harbourlight Audio Ltd');
});

test('names in scripts without capitals or Latin vowels are compared by their letters and bear no marks of an OCR slip', (t) => {
  t.is(compactName('Ромашка'), 'ромашка');
  // (a legal form before or after the name: one company)
  t.is(compactName('株式会社サンプル商事'), 'サンプル商事');
  t.is(compactName('サンプル商事株式会社'), 'サンプル商事');
  t.deepEqual(improbableMarks('山田 商店'), []);
  t.deepEqual(improbableMarks('СТРОЙМАРКЕТ'), []);
  // Latin names keep every check
  t.true(improbableMarks('Brthxmann Market').length > 0);
});
