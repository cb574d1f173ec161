// Issue 26, round 21. Till receipts paid by card: the card line repeats the total to the cent and no change is given,
// so the till's total is confirmed by a second printed figure (reported sure), as cash less change confirms it. A store
// manager's name printed under the shop's is no seller. Synthetic receipts written the way British, French, Spanish,
// Italian, Dutch and US tills print them.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('a card payment of the total, to the cent, with no change given confirms the total', (t) => {
  const receipts: [string[], number][] = [
    [['TESCO', 'Stores Ltd', 'VAT Number: 220430231', 'MILK 2PT      £1.45', 'BREAD      £1.10', 'BALANCE DUE      £2.55', 'VISA      £2.55'], 2.55],
    [['CARREFOUR MARKET', '75002 PARIS', 'BAGUETTE      1,10', 'LAIT      0,99', 'TOTAL A PAYER      2,09 EUR', 'CB      2,09'], 2.09],
    [['ESSELUNGA S.P.A.', 'P.IVA 01255720169', 'PANE      1,50', 'LATTE      1,20', 'TOTALE COMPLESSIVO      2,70', 'di cui IVA      0,25', 'PAGAMENTO ELETTRONICO      2,70'], 2.7],
    [['Albert Heijn', 'Damrak 10, Amsterdam', 'BROOD      2,19', 'MELK      1,29', 'TOTAAL      3,48', 'PINNEN      3,48'], 3.48],
  ];
  for (const [lines, total] of receipts) {
    const h = read(lines);
    t.is(h.total_amount.value, total, lines[0]);
    t.true(h.total_amount.confidence >= 0.9, `${lines[0]}: ${h.total_amount.confidence}`);
  }
});

test('a card payment that differs from the total confirms nothing: the total stays for review', (t) => {
  const h = read(['CARREFOUR MARKET', '75002 PARIS', 'BAGUETTE      1,10', 'LAIT      0,99', 'TOTAL A PAYER      2,09 EUR', 'CB      2,90']);
  t.is(h.total_amount.value, 2.09);
  t.true(h.total_amount.confidence < 0.9);
});

test("a store manager's name under the shop's name is not the seller", (t) => {
  const h = read(['WALMART', 'Save money. Live better.', '( 555 ) 123 - 4567', 'MANAGER JOHN DOE', '123 MAIN ST', 'SPRINGFIELD IL 62701', 'SUBTOTAL      5.78', 'TAX 1 6.250 %      0.36', 'TOTAL      6.14', 'VISA TEND      6.14']);
  t.is(h.vendor_name.value, 'WALMART');
  t.is(h.total_amount.value, 6.14);
});
