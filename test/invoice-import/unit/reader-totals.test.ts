// The general reader: the amount paid on receipts (workers/invoice/text/total-amount.ts, totals-block.ts),
// as plain-text layouts of what the OCR prints, slips included. Each rule holds for documents in general.
import test from 'ava';
import { layoutFromText, type Layout } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;
/** The same lines as an OCR reading (the engine's confidence under 1): where a slipped digit is possible at all. */
const asOcr = (layout: Layout): Layout => ({ ...layout, quality: 0.9, lines: layout.lines.map((l) => ({ ...l, conf: 0.9, cells: l.cells.map((c) => ({ ...c, conf: 0.9 })) })) });
const readOcr = (lines: string[]) => readLaidOutInvoice(asOcr(layoutFromText(lines.join('\n')))).header;

test('receipt totals: a garbled currency mark, "Amount To Be Paid", an amount on the line under "Total:"', (t) => {
  const base = ['KEDAI MAJU SDN BHD', '(123456-X)', 'Date: 14/01/2018 12:06', 'Parking fee        RM4.00'];
  t.is(read([...base, 'Total          R4.00', 'Paid           M4.00', 'Change         RM0.00']).total_amount.value, 4);
  t.is(read([...base, 'Total Sales Inclusive GST :     26.82', 'Rounding Adjustment :   -0.02', 'Amount To Be Paid :      26.80', 'Cash Received :   50.00', 'Change :   23.20']).total_amount.value, 26.8);
  t.is(read([...base, 'Subtotal:                 105.00', 'Total:', '                          105.00', 'Cash:   105.00']).total_amount.value, 105);
});

test('receipt totals: a total one OCR digit away from tendered − change, or without its decimal point, is read as paid', (t) => {
  const base = ['BEYOND HARDWARE', 'Date: 05/02/2018', 'Bolt M8              60.00'];
  t.is(readOcr([...base, 'Total Sales (Inclusive of GST)     623.60', 'CASH     70.00', 'Change :      6.40']).total_amount.value, 63.6);
  t.is(readOcr([...base, 'Total Amt Payable :       1200', 'Paid Amount       20.00', 'Change :        8.00']).total_amount.value, 12);
});

test('total: a text layer has no slipped digit to mend — a labelled amount due one digit from subtotal + tax stands', (t) => {
  const lines = ['LA PLAYITA', '1 Whole Fish 21.90', 'SUB TOTAL: 68.89', 'Tax 1: 6.35', 'AMOUNT DUE: 73.24', 'Gratuity:', 'Total:'];
  t.is(read(lines).total_amount.value, 73.24);
  t.true(read(lines).total_amount.confidence < 0.9, 'the figures disagree: for review');
  // read by OCR, the same figures are a slip of one digit, and the sum is what was paid
  t.is(readOcr(lines).total_amount.value, 75.24);
});

test('receipt totals: a till that prints only a subtotal', (t) => {
  const h = read(['BEMED SDN BHD', 'CASH RECEIPT', 'Date: 15/04/2017', 'Dermapro oint 18G     1    635.00', 'SubTotal:       635.00', 'Rounding Adj :    0.00']);
  t.is(h.total_amount.value, 635);
  t.true(h.total_amount.confidence < 0.7);
});

test('total: a brace the OCR read for a bracket ("Total Sales {Inclusive of GST)") still labels the total', (t) => {
  const total = (lines: string[]) => read(['KEDAI CETAK SDN BHD', 'Date: 12/01/2018', ...lines]).total_amount.value;
  t.is(total(['CLR COPY   8   0.53   4.24  SR', 'Total Sales (Excluding GST)   4.00', 'Total GST   0.24', 'Rounding   0.01', 'Total Sales {inclusive of GST)   4.25', 'CASH   10.00']), 4.25);
  t.is(total(['CLR COPY   8   0.53   4.24  SR', 'Total   4   4724', 'Total Sales {inclusive of GST)   4.25']), 4.25);
});

test('total: a rounded total is not replaced by an off-grid tendered − change one digit away', (t) => {
  const total = (lines: string[]) => read(['KEDAI ELEKTRIK SDN BHD', 'Date: 22/03/2018', 'TUBE 105W   2   48.00   101.76', ...lines]).total_amount.value;
  t.is(total(['Total Sales (Excluding GST)   865.00', 'Total GST   5.76', 'Rounding :   -0.01', 'Total Sales (Inclusive of GST) :   101.75', 'CASH :   101.78', 'Change :   0.00']), 101.75);
});

test('total: two printings of the total that agree outweigh one tendered − change; "Total After Rounding" is the total', (t) => {
  const total = (lines: string[]) => read(['KEDAI RUNCIT SDN BHD', 'Date: 09/02/2017', 'MILK 390GM   1x   113.90   113.90', ...lines]).total_amount.value;
  t.is(total(['Total Inc. GST 6%:   362,50', 'Rounding Adjustment:   0.00', 'Final Total :   362.50', 'Cash :   400.00', 'Change   37.30']), 362.5);
  t.is(total(['Item Count   2', 'Total   5.00', 'Rounding Adjustment   0.02', 'Total After Rounding   5.00', 'Cash   10.02', 'CHANGE   5.00']), 5);
});

test('total: tendered − change still checks the total when the OCR lost the 0 of "0.00" or put a minus before the cash', (t) => {
  const total = (lines: string[]) => read(['KEDAI BUKU SDN BHD', 'Date: 27/02/2018', 'Pen blue   3   1.30   3.90', ...lines]).total_amount.value;
  t.is(total(['Total Sales (Inclusive GST) RM   42.33', 'Rounding Adjustment RM   0.02', 'CREDIT RM   42.35', 'CHANGE RM   ,00']), 42.35);
  t.is(total(['Total RM Incl. of GST   490.99', 'Rounding Adj   0.01', 'Total   RM   41.00', 'Cash   -51.00', 'CHANGE   10.00']), 41);
});

test('total: "( 742)" in brackets, its decimal point lost, is read back from subtotal + tax ("TotalGST" glued)', (t) => {
  const h = read(['SYARIKAT PERNIAGAAN MAJU', 'Date: 02/12/2017', 'PAPER A4   1   7.00   7.00', 'Total Sales (ExcludingGST) .   7.00', 'TotalGST -   0.42', 'Rounding -   0.00', 'Total Sales (Inclusive ofGST) : ( 742)', 'CASH :   T42', 'Change :   0.00']);
  t.is(h.total_amount.value, 7.42);
  // a bracket the figure never closes is a speck
  t.is(read(['KEDAI BUKU SDN BHD', 'Date: 06/02/2018', 'Total Qty:   29', 'Rounded Total (RM):   (109.70']).total_amount.value, 109.7);
});

test('total: an amount past a word the engine set apart from the label, with its currency after it ("Total | Facture | : | 56.00 | DH")', (t) => {
  const h = read(['RELAIS OULMES', 'Le 30/03/2018 a 12:36', 'CAFE CREME   12.00   2   24.00', 'CHOCOLAT CHAUD   12.00   1   12.00', 'Total   Facture   :   56.00   DH', 'REGLE PAR ESPECE   56.00 DH']);
  t.is(h.total_amount.value, 56);
});

test('total: a total that is only the tax is a misreading; "TOTAL AMOUNT" over the cash tendered with no change is that amount', (t) => {
  const total = (lines: string[]) => read(['KEDAI PERKAKASAN SDN BHD', 'Date: 04/12/2017', 'PAINT BLACK   1   30.74   30.74 SR', ...lines]).total_amount.value;
  t.is(total(['Gross Amount :   40.00', 'Total GST Amt :   2.40', 'Sub Total :   42.40', 'Total (RM)   (>', 'Amount Paid :   2.40', 'Amount Change :   0.00']), 42.4);
  t.is(total(['TOTAL AMOUNT', 'CASH   RM   6.00', 'Thank You. Please Come Again']), 6);
  // with change given, the tendered amount is not the total
  t.is(total(['TOTAL AMOUNT', 'CASH   RM   10.00', 'CHANGE   RM   4.00']), 6);
});

test('total: the tax summary (amount + tax) checks the total against a tendered − change the OCR slipped', (t) => {
  const total = (lines: string[]) => read(['KEDAI RUNCIT MAJU', 'Date: 05/02/2018', 'YONGCHUN MANDARIN   RM62.50', 'YONGCHUN LOKAM   RM79.00', ...lines]).total_amount.value;
  t.is(total(['Total Gales {Inclusive GST) RM   141.50', 'CASH RM   180.00', 'CHANGE RM   8.50', 'GST Summary   Amount (RM)   Tax(RM)', '141.50   ,00', 'Thank You. Please come again']), 141.5);
  t.is(total(['TOTAL   /18.00', 'CASH   2718.00', 'CHANGE   0.00', 'GST SUMMARY', 'SR   6.00   16.98   1.02', 'TOTAL:   16.98   1.02']), 18);
});

test('total: with a rounding printed, an off-grid total a few cents from an on-grid tendered − change is the figure before rounding', (t) => {
  const h = read(['KEDAI RUNCIT MAJU', 'Date: 05/05/2017', 'CADBURY CHOCOLATE   RM24.69', 'Total Sales (Inclusive GST) RM   42.33', 'Rounding Adjustment RM   A012', 'CREDIT RM   42.35', 'CHANGE RM   0.00', 'GST Summary   Amount (RM)   Tax(RM)', 'SR   39.92   2.41']);
  t.is(h.total_amount.value, 42.35);
});

test('total: subtotal + tax + rounding stands in for a total the OCR lost; a total under half a corroborated subtotal is a garbled line', (t) => {
  const total = (lines: string[]) => read(['TEO STATIONERY & BOOKS', 'Date: 17/01/2018', 'LION FILE LAMINATING FILM   1   26.00', ...lines]).total_amount.value;
  t.is(total(['SUB-TOTAL (EX)   26.00', 'TOTAL TAX :   1.56', 'ROUNDING   -0.01', 'HEIR,   5 7AA JT «27.55', 'CASH   10 sas.']), 27.55);
  // a rounding above the last subtotal was applied before it
  t.is(total(['SUBTOTAL (QTY 4)   RM41.43', 'ROUNDING   RM0.02', 'SUBTOTAL (QTY 4)   RM41.45', 'CASH   RM51.50']), 41.45);
  t.not(total(['(Excluded GST) Sub Total (RM)   106.10', 'Total (58T (RM) :   6.37', 'Rounding {RM} :   -0.02', 'CASH   112.48', 'Change (RM) :   6.00', 'GST SUMMARY', 'SR   6   106.10   6.37']), 6.35);
});

test('total: the tax summary\'s own "Total | amount | tax" row and "GST included in total" are not the bill', (t) => {
  const total = (lines: string[]) => read(['TEO STATIONERY & BOOKS', 'Date: 17/01/2018', 'LION FILE LAMINATING FILM   1   26.00', ...lines]).total_amount.value;
  t.is(total(['SUB-TOTAL (EX)   26.00', 'TOTAL TAX :   1.56', 'ROUNDING   -0.01', 'HEIR,   5 7AA JT «27.55', 'GST SUMMARY', 'TAX CODE   %   AMOUNT   TAX', 'SR   6.00   26.00   1.56', 'TOTAL :   26.00   1.66']), 27.55);
  t.not(total(['Total   Incl.   GST@6%   RM   1C.¢0', 'CASH   RM 20.00', 'GST @6% included in total   RM 0.60']), 0.6);
});

test('total: of two totals around a rounding that disagree, the one printed under the rounding is the one paid', (t) => {
  const total = (lines: string[]) => read(['MIZU SUSHI SDN BHD', 'Date: 31/03/2018', 'Tori Karaage   1x   8.80   8.80 SR', ...lines]).total_amount.value;
  t.is(total(['Total (Excluding GST):   56.20', 'Total (Inclusive of GST):   85.53', 'Rounding Adj:   0.02', 'TOTAL:   65.55', 'Thank you!!!']), 65.55);
  // unless tendered − change says the first
  t.is(total(['Total (Inclusive of GST):   65.53', 'Rounding Adj:   0.02', 'TOTAL:   85.55', 'Cash   70.00', 'Change   4.45']), 65.55);
});

test('total: a total printed without its cents on a document that prints them yields to tendered − change; a document without cents keeps it', (t) => {
  const total = (lines: string[]) => read(['YAM FRESH', 'Date: 18/03/2018', ...lines]).total_amount.value;
  t.is(total(['Pudding Soybean   1   RM8.90', 'Grand Total   30', '(Bill Inclusive of 6% GST : RM1.66)', 'Cash   RM30.30', 'Change   RM1.00']), 29.3);
  t.is(total(['Original Slice   2   RM26.00', 'Grand Total   00', 'Cash   RM50.00', 'Change   RM11.00']), 39);
  t.is(total(['Ramen   1   1200', 'Grand Total   1200', 'Cash   2000', 'Change   700']), 1200);
});

test('total: tendered − change that matches none of two contradicting totals is no sure reading', (t) => {
  const h = read(['YONG SOON FATT S/B', 'Date: 04/02/2017', 'MAGGI TOMATO 475GM   1   39.00   39.00 SR', 'Total Inc. GST 6%:   758.70', 'Rounding Adjustment:   0.00', 'Final Total :   738.70', 'Cash :   766.90', 'Change :   1.30']);
  t.true(h.total_amount.confidence < 0.9);
});

test('total: a total one digit off from subtotal + tax + rounding, nothing else agreeing, is that sum misread', (t) => {
  const total = (lines: string[]) => readOcr(['MEI LET RESTAURANT', 'Date: 22/01/2017', 'TALAPIA DEEP FRIED   40.00 SR', ...lines]).total_amount.value;
  t.is(total(['Sub TOTAL   64.00', 'GST 6%   3.84', 'ROUNDING ADJ   0.01', 'NET TOTAL   67.8', 'Cash   100.00', 'THANK YOU, PLEASE COME AGAIN']), 67.85);
  t.is(total(['Subtotal Incl. GST:RM   12.61', 'Rounding:   -0.01', 'Total Incl. GST:RM   12.40']), 12.6);
});

test('total: a till that prints a rounding of a few cents pays the total on its 5-cent grid', (t) => {
  const total = (lines: string[]) => read(['BANH MI CAFE SDN BHD', 'Date: 29-10-2017', '1 SWEET PORK RIBS   9.90  SR', ...lines]).total_amount.value;
  // the rounded total misread, or never printed: the total before the rounding, rounded
  t.is(total(['Total (Inclusive of GST):   7.42', 'Rounding Adjustment;   (0.02)', 'Paid Amount:   10.00']), 7.4);
  // a rounding whose sign the OCR garbled ("=0.01") and one printed without its leading zero (".01")
  t.is(total(['Total (Inclusive of GST):   23.26', 'Rounding Adj:   =0.01', 'TOTAL:   23.25']), 23.25);
  t.is(total(['Total Sales (Inclusive GST) RM   45.34', 'Rounding Adjustment RM   .01', 'CREDIT RM   45.35']), 45.35);
  // no rounding printed (or a zero one): the total stays as printed
  t.is(total(['Total (Inclusive of GST):   23.26', 'Cash:   50.00']), 23.26);
  t.is(total(['Total (Inclusive of GST):   23.26', 'Rounding Adj:   0.00', 'Card:   23.26']), 23.26);
});

test('total: item lines that add up to a total under a bare label make it sure; lines that do not leave it unsure', (t) => {
  const head = ['Northwind Traders GmbH', 'Invoice INV-1001', 'Date: 15.03.2024', 'Description        Qty   Unit price    Amount'];
  const items = ['Widget blue         2        10.00     20.00', 'Gadget large        1        45.50     45.50', 'Cable 2 m           3         4.50     13.50'];
  const confirmed = read([...head, ...items, 'Total EUR                                79.00']);
  t.is(confirmed.total_amount.value, 79);
  const unconfirmed = read([...head, ...items, 'Total EUR                                89.00']);
  t.is(unconfirmed.total_amount.value, 89);
  t.true(confirmed.total_amount.confidence >= 0.9, String(confirmed.total_amount.confidence));
  t.true(unconfirmed.total_amount.confidence < 0.7, String(unconfirmed.total_amount.confidence));
});

test('total: a rounding named in other words ("Rundungsdifferenz", "Arrotondamento") is the rounding, and the rounded amount is paid', (t) => {
  const total = (lines: string[]) => read(lines).total_amount;
  const de = total(['BÄCKEREI MÜLLER GmbH', 'Datum: 12.03.2024', 'Brötchen 3 x 0,45   1,35', 'Gesamt   12,49', 'Rundungsdifferenz   0,01', 'Bar   12,50']);
  t.is(de.value, 12.5);
  t.true(de.confidence >= 0.9);
  const it = total(['BAR ROMA SRL', 'Data 12/03/2024', 'CAFFE   1,20', 'TOTALE COMPLESSIVO   12,49', 'Arrotondamento   -0,04', 'Contanti   12,45', 'Resto   0,00']);
  t.is(it.value, 12.45);
  t.true(it.confidence >= 0.9);
  // a Paris address's "Arrondissement" is no rounding
  t.is(total(['CAFE DE PARIS SARL', '75011 Paris 11e Arrondissement', 'Date 12/03/2024', 'CAFE CREME   4,20', 'Total   12,49', 'Espèces   15,00', 'Rendu   2,51']).value, 12.49);
});

test('total: a page whose only "Total" heads a column of its tax table — the table\'s gross is the bill', (t) => {
  // (columns as a generator set them: each heading left of its right-aligned figures, "Total:" over the tax amount)
  const row = (cells: [number, string][]) => cells.reduce((line, [at, text]) => line.padEnd(at) + text, '');
  const head = ['INVOICE I/00007', 'Apr 01, 2015', 'From:      To:', 'Nordwind Sports      Ada Lovelace', row([[0, 'Item:'], [40, 'Price:'], [50, 'Qty:'], [56, 'Subtotal:'], [68, 'VAT:'], [78, 'Total:']]), row([[0, 'Tent'], [45, '120.00'], [52, '2'], [60, '240.00'], [72, '21.00'], [82, '290.40']]), row([[0, 'Rope'], [46, '10.00'], [52, '3'], [61, '30.00'], [72, '21.00'], [83, '36.30']])];
  const taxHead = row([[0, 'TAX:'], [16, '% Base amount:'], [38, 'Tax amount:'], [56, 'Total:'], [74, 'Curr.:']]);
  const taxRow = (gross: string) => row([[8, 'VAT'], [13, '21.00'], [31, '270.00'], [50, '56.70'], [68, `${gross} EUR`]]);
  const tail = [row([[31, '270.00'], [50, '56.70'], [68, '326.70 EUR']]), 'Please wire the amount due to our bank account.'];
  t.is(read([...head, taxHead, taxRow('326.70'), ...tail]).total_amount.value, 326.7);
  // (the rows must add up: net + tax that is not the gross printed beside them settles nothing)
  t.not(read([...head, taxHead, taxRow('329.70')]).total_amount.value, 329.7);
  // (nor does such a table under a heading that names no total)
  t.is(read([...head, taxHead.replace('Total:', 'Gross:'), taxRow('326.70'), ...tail]).total_amount.value, null);
});
