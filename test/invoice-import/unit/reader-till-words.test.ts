// Issue 26, round 22. Tills' own words in more languages: what was handed over and what was given back confirm the
// total (Spanish "ENTREGADO"/"DEVOLUCIÓN", Portuguese "Numerário"/"Troco", Italian "CONTANTI"/"RESTO"), and a Dutch
// till's words say the euro. Not a meal voucher ("Ticket Resto"), which pays, not gives back.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('cash handed over less the change given back confirms the total, in Spanish, Portuguese and Italian', (t) => {
  const tills: [string[], number][] = [
    [['MERCADONA, S.A.', 'C/ ALCALA 100, MADRID', 'LECHE      0,89', 'TOTAL (€)      0,89', 'EFECTIVO      1,00', 'DEVOLUCION      0,11'], 0.89],
    [['SUPERMERCADO DIA', 'C/ MAYOR 5, SEVILLA', 'PAN      1,20', 'TOTAL      1,20', 'ENTREGADO      2,00', 'A DEVOLVER      0,80'], 1.2],
    [['Pastelaria Central', 'Rua Augusta 10, 1100-053 Lisboa', 'Pastel de nata      1,30', 'TOTAL      1,30', 'Numerário      2,00', 'Troco      0,70'], 1.3],
    [['BAR ROMA', 'Via Roma 1, Milano', 'CAFFE      1,20', 'TOTALE      1,20', 'CONTANTI      2,00', 'RESTO      0,80'], 1.2],
  ];
  for (const [lines, total] of tills) {
    const h = read(lines);
    t.is(h.total_amount.value, total, lines[0]);
    t.true(h.total_amount.confidence >= 0.9, `${lines[0]}: ${h.total_amount.confidence}`);
  }
});

test('a meal voucher ("Ticket Resto", "Carte Resto") pays the bill and a returned item ("Devolución pantalón") is taken off it: neither is change', (t) => {
  const h = read(['BRASSERIE DU PORT', '12 quai de Rive Neuve, 13007 Marseille', 'PLAT DU JOUR      14,50', 'TOTAL      14,50', 'TICKET RESTO      9,00', 'CB      5,50']);
  t.is(h.total_amount.value, 14.5);
  // (a card payment of the total to the cent still confirms it)
  const card = read(['BOULANGERIE PAUL', '5 rue de Rivoli, 75004 Paris', 'Formule      9,50', 'TOTAL      9,50', 'Carte Resto      9,50']);
  t.is(card.total_amount.value, 9.5);
  t.true(card.total_amount.confidence >= 0.9);
  const refund = read(['ZARA', 'C/ Preciados 18, 28013 Madrid', 'Camisa      29,95', 'Devolución pantalón      -19,95', 'TOTAL      10,00', 'Efectivo      20,00', 'Cambio      10,00']);
  t.is(refund.total_amount.value, 10);
  t.true(refund.total_amount.confidence >= 0.9);
});

test("a Dutch till's words say the euro (not its town: Amsterdam is also a street abroad)", (t) => {
  const h = read(['Albert Heijn', 'Damrak 10, Amsterdam', 'BROOD      2,19', 'TOTAAL      2,19', 'PINNEN      2,19']);
  t.is(h.currency.value, 'EUR');
});

test('paid in parts (cash and card) with no change: the parts add up to the total, not the last part alone', (t) => {
  const h = read(['Restaurante O Farol', 'Rua do Mar 2, 8000-100 Faro', 'Gambas      17,70', 'TOTAL: Eur      65,10', 'Valores entregues:', 'Dinheiro      12,10', 'Cartão de Debito      53,00', 'Troco:      0,00']);
  t.is(h.total_amount.value, 65.1);
  t.true(h.total_amount.confidence >= 0.9);
  // (two handed-over lines that add up to nothing printed confirm nothing: the labelled total stands, for review)
  const odd = read(['Café Central', 'Rua Direita 1, 1100-100 Lisboa', 'Café      18,00', 'Total:      18,00 €', 'DINHEIRO:      18,00 €', 'DINHEIRO:      8,00 €', 'TROCO      0,00 €']);
  t.is(odd.total_amount.value, 18);
});

test('a street named after a Dutch town says nothing of the Netherlands', (t) => {
  const h = read(['Acme Ltd', 'Unit 4, Amsterdam Road', 'Sutton Fields, Hull', 'Invoice', 'Invoice Date: 03/04/2023', 'Total      100.00']);
  t.not(h.currency.value, 'EUR');
});
