// The reader on money without cents (issue 26, round 10): a till in a currency whose smallest coin
// is the unit (the rupiah, the yen, the won) prints "48.000", "1,591,600" or "289000" — thousands,
// never decimals — and a short receipt saved as text may have no amount with cents at all.
// Malaysia and Indonesia share words; how the till writes money tells them apart. Synthetic
// lines; each rule holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { detectCountry } from '../../../workers/invoice/text/country.js';
import { amountDecimalMark } from '../../../workers/invoice/text/numbers.js';
import { looksLikePrintedText, sniffDocument } from '../../../jobs/invoice-document.js';
import { extractInvoice } from '../../../workers/invoice/extract.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('a short till receipt saved as text, amounts without cents, is a document; words or numbers alone are not', async (t) => {
  const till = ['2 Ayam Bakar 55000', '2 Nasi Putih 20000', 'SUBTOTAL 75000', 'Pajak Restoran 7500', 'TOTAL 82500'].join('\n');
  t.is(sniffDocument(Buffer.from(till))?.kind, 'text');
  t.true(looksLikePrintedText('DumDum Thai Iced Green Tea 1 24.000\nTotal 24.000\nTunai 50.000\nKembali 26.000'));
  t.false(looksLikePrintedText('just some words\nand nothing else'));
  t.false(looksLikePrintedText('2024-01-01 12:00:01 GET /a 200\n2024-01-01 12:00:02 GET /b 404'));
  t.is(sniffDocument(Buffer.from('hello world')), null);
  const { invoice } = await extractInvoice(Buffer.from(till));
  t.is(invoice.header.total_amount.value, 82500);
});

test('country: Malay or Indonesian words with whole thousands are Indonesia; with cents, Malaysia', (t) => {
  t.is(detectCountry(['Nasi Goreng 25.000', 'Es Teh 8.000', 'Ayam Bakar 30.000', 'Total 63.000', 'Tunai 100.000'].join('\n')).value, 'ID');
  t.is(detectCountry(['Nasi Goreng 12.50', 'Teh Tarik 3.20', 'Ayam Goreng 9.90', 'Total 25.60', 'Tunai 30.00'].join('\n')).value, 'MY');
  // a phone number of Malaysian shape and thousands, but no Malay word: no conclusion drawn from the money
  t.not(detectCountry(['EL CHICO RESTAURANT', 'TEL: 04-7059680', 'Guac 1.000', 'Burrito 2.000', 'Total 3.000'].join('\n')).value, 'ID');
  // Indonesia's restaurant tax
  t.is(detectCountry(['SUBTOTAL 503,000', 'PB1 52,815', 'SVC CHRG 25,150', 'DUE 580,965'].join('\n')).value, 'ID');
});

test('total: "Total Rupiah 422.730" is 422,730 even where quantities print "1.00"', (t) => {
  const h = read([
    'BACON SHIMEJI SPAGHE 1.00 48000 48000',
    'CHICKEN KATSUDON 1.00 48000 48000',
    'WELL TORI KARAAGE MU 1.00 58000 58000',
    'Total 3 item 154.000',
    'Serv. Charge 7.700',
    'PB1 10,00 % 16.170',
    'Total Rupiah 177.870',
  ]);
  t.is(h.currency.value, 'IDR');
  t.is(h.total_amount.value, 177870);
  t.is(amountDecimalMark('Qty 1.00 Total 4.500', 'IDR'), null);
  t.is(amountDecimalMark('Qty 1.00 Total 4.50', 'EUR'), '.');
});

test('total: a till that prints no cents and no total — the subtotal, confirmed by tendered less change', (t) => {
  const h = read(['Cuka Apel Moringa 1', '289000', 'Sub Total 289000', 'Tunai 300000', 'Kembalian 11000']);
  t.is(h.total_amount.value, 289000);
  const due = read(['HOME MADE', '1 RB. COKLAT BAR 8,000', '1 RB. CREPES TUNA 9,000', '1 RB. SISIR PANDAN 7,500', 'ITEM:3 SUBTOTAL 24,500', 'PCS 3 DUE 24,500', 'CASH 50,000', 'CHANGE 25,500']);
  t.is(due.total_amount.value, 24500);
});

test('sniffing a hostile text is linear: one 64 KB line of digits and dots is judged at once, not in quadratic time', (t) => {
  // (the gateway sniffs the first 64 KB of every upload; a per-line pattern with ".*" before the amount took
  // over a second on this line)
  const hostile = `ab ${'1.'.repeat(32_000)}x`;
  const started = performance.now();
  t.false(looksLikePrintedText(`${hostile}\n${hostile}`));
  t.is(sniffDocument(Buffer.from(`${hostile}\n${hostile}`)), null);
  t.true(performance.now() - started < 500, `${Math.round(performance.now() - started)} ms`);
});

test('sniffing: a receipt saved as text whose amounts carry their currency glued on ("Rp57,000", "IDR71,500") is a document', (t) => {
  const potato = ['POTATO CORNER', 'Mall Ciputra Lt. LG', '021-1118-9226', '2022-05-29  13:51', 'GIGA CUP', 'Rp57,000', 'TL Rp57,000', 'CASH', 'Rp57,000', 'THANK YOU FOR COMING'].join('\n');
  t.true(looksLikePrintedText(potato));
  t.is(sniffDocument(Buffer.from(potato))?.kind, 'text');
  t.true(looksLikePrintedText(['Toripaitan shoyu IDR71,500', 'Green Tea cold IDR12,100', 'Total IDR83,600'].join('\n')));
  // words alone, and numbers alone, are still not a document
  t.false(looksLikePrintedText(['Dear team,', 'see you on Monday', 'regards', 'Ann', 'PS: bring the keys'].join('\n')));
  t.false(looksLikePrintedText(['Rp57,000', 'Rp12,000', 'Rp3,000'].join('\n')));
});
