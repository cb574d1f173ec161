// Issue 26, round 24. Till receipts of shops across Europe as an OCR engine reads their photos: sign-offs in the local
// language ("Merci de votre visite chez …", "Thank you for visiting …"), a legal name wrapped after a joining word or
// opened by its form ("SAS BRUZDIS au capital de …"), a wordmark with a slipped letter over the footer's legal name,
// streets, squares and counties that are no names, receipt titles, tax lines, "NV" as a company's form (not Nevada),
// local total labels ("K PLATBĚ") and labels whose space the OCR lost ("TOTALTTC", "SUMMEEUR"). Synthetic readings.
import test from 'ava';
import { buildLayout } from '../../../workers/invoice/layout.js';
import { OCR_CELL_GAP } from '../../../workers/invoice/formats/ocr-settings.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

/** An OCR reading of a till's lines: each word boxed where a 12-pixel monospace sets it, read at `conf`. */
function till(lines: string[], conf = 0.9) {
  const tokens = lines.flatMap((line, row) => [...line.matchAll(/\S+/g)].map((m) => ({ text: m[0], page: 1, x0: m.index! * 12, x1: (m.index! + m[0].length) * 12, y: row * 30 + 15, h: 22, conf })));
  return readLaidOutInvoice(buildLayout(tokens, [{ width: 600, height: Math.max(900, lines.length * 30 + 30) }], conf * 100, { cellGap: OCR_CELL_GAP })).header;
}
const W = 40;
/** left and right text, the right one flush to the till's width */
const lr = (l: string, r: string) => l + ' '.repeat(Math.max(2, W - l.length - r.length)) + r;
/** centred */
const c = (t: string) => ' '.repeat(Math.max(0, Math.floor((W - t.length) / 2))) + t;
const items = (sign: string) => [lr('PAIN DE CAMPAGNE', `3,20 ${sign}`), lr('CAFE MOULU 250G', `4,15 ${sign}`)];

test('seller: a sign-off names the shop; the sign-off itself is no name', (t) => {
  const fr = till([c('12 rue Mercière'), c('69002 LYON'), lr('12/03/2024 14:32', 'CAISSE 3'), ...items('€'), lr('TOTAL TTC', '7,35 €'), c('Merci de votre visite chez Fromage & Co')]);
  t.is(fr.vendor_name.value, 'Fromage & Co');
  const ie = till([c('14 Main Street, Kinsale'), c('Co. Cork  P17 X208'), lr('12/03/2024 10:05', 'TILL 2'), lr('FLAT WHITE', '€3.80'), lr('SCONE', '€3.25'), lr('TOTAL', '€7.05'), c('Thank you for visiting The Copper Kettle')]);
  t.regex(String(ie.vendor_name.value), /Copper Kettle$/);
  // (an Irish county is an address, never the seller)
  t.not(till([c('Co. Cork  P17 X208'), lr('TOTAL', '€18.05')]).vendor_name.value, 'Co. Cork');
});

test('seller: a legal name wrapped after a joining word, or opened by its form in a legal notice', (t) => {
  const es = till([c('DISTRIBUIDORA INTERNACIONAL DE'), c('ALIMENTACION, S.A.  A-28164754'), c('Calle de Alcalá 120, 28009 Madrid'), lr('15/03/2024 18:02', 'TIENDA 4121'), lr('LECHE ENTERA 1L', '0,95'), lr('TOTAL A PAGAR', '0,95'), lr('EFECTIVO', '1,00'), lr('CAMBIO', '0,05')]);
  t.is(es.vendor_name.value, 'DISTRIBUIDORA INTERNACIONAL DE ALIMENTACION, S.A.');
  const fr = till([c('E . L E C L E R C'), c('HYPERMARCHE'), c("ZAC DES PORTES DE L'OUEST"), c('35000 RENNES'), lr('14/03/2024 11:20', 'CAISSE 12'), ...items('€'), lr('TOTAL TTC', '7,35 €'), lr('CARTE BANCAIRE', '7,35 €'), c('SAS BRUZDIS au capital de 1 500 000 €'), c('RCS RENNES 123 456 789')]);
  t.is(fr.vendor_name.value, 'SAS BRUZDIS');
});

test('seller: a wordmark with a slipped letter ("5AINSBURY\'S") yields to the footer\'s legal name it opens', (t) => {
  const h = till([c("5AINSBURY'S"), c('Holborn Circus'), c('London EC1N 2HT'), lr('JS SEMI SKIMMED MILK 4PT', '£1.45'), lr('JS FREE RANGE EGGS 6', '£1.95'), lr('BALANCE DUE', '£3.40'), lr('VISA', '£3.40'), lr('12/03/24 17:45', 'ST 0123'), c("Sainsbury's Supermarkets Ltd")]);
  t.is(h.vendor_name.value, "Sainsbury's Supermarkets Ltd");
});

test('seller: streets, squares and registers of tax are no names; a tax line names the shop', (t) => {
  const dk = till([c('Jægersborggade 29'), c('2200 København N'), lr('23.03.2024 08:45', 'Bon 2211'), lr('1  Rugbrød', '42,00'), lr('2  Kanelsnegl', '44,00'), lr('I ALT DKK', '86,00'), c('Bageriet Brød ApS - CVR 36123456')]);
  t.is(dk.vendor_name.value, 'Bageriet Brød ApS');
  const es = till([c('Avda. de la Constitución 21'), c('41004 SEVILLA'), lr('Fecha: 15/03/2024', 'Hora: 09:41'), lr('CAFE CON LECHE', '1,80'), lr('TOSTADA', '2,40'), lr('TOTAL A PAGAR', '4,20 €'), c('CAFETERIA LA GIRALDILLA S.L.')]);
  t.is(es.vendor_name.value, 'CAFETERIA LA GIRALDILLA S.L.');
  const gr = till([c('ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ'), c('ΑΦΜ 123456789  ΔΟΥ Δ ΘΕΣ/ΝΙΚΗΣ'), lr('12/03/2024', '10:15'), lr('ΦΡΕΝΤΟ', '3,50 €'), lr('ΣΥΝΟΛΟ', '3,50 €')]);
  t.is(gr.vendor_name.value, null);
  const it = till([c('DOCUMENTO COMMERCIALE'), c('di vendita o prestazione'), lr('CAPPUCCINO', '1,50'), lr('CORNETTO', '1,20'), lr('TOTALE COMPLESSIVO', '2,70'), c('BAR PASTICCERIA GIOTTO S.N.C.'), lr('12-03-2024 08:12', 'DOC.N. 0042-0017')]);
  t.regex(String(it.vendor_name.value), /GIOTTO/);
  const cz = till([lr('Káva', '65,00'), lr('CELKEM', '65,00 Kč'), c('Provozovatel: KAVÁRNA LUCERNA s.r.o.'), c('IČO 12345678')]);
  t.is(cz.vendor_name.value, 'KAVÁRNA LUCERNA s.r.o.');
});

test('currency: a Belgian company\'s "NV" and its VAT number say Belgium, not Nevada', (t) => {
  const h = till([c('C0LRUYT'), c('Laagste Prijzen'), c('Dampoortstraat 10, 9000 Gent'), c('BTW BE 0400.378.485'), lr('MELK HALFVOL 1L', '1,05'), lr('TOTAAL', '34,95'), lr('BANCONTACT', '34,95'), c('Colruyt Laagste Prijzen NV')], 0.75);
  t.is(h.currency.value, 'EUR');
});

test('total: local labels ("K PLATBĚ") and labels whose space the OCR lost ("TOTALTTC", "SUMMEEUR")', (t) => {
  t.is(till([lr('Banány', '36,90 A'), lr('Prací gel', '189,90 B'), lr('K PLATBĚ', '226,80'), lr('Platební karta', '226,80'), lr('DPH A 12%  32,95  3,95', '36,90')]).total_amount.value, 226.8);
  t.is(till([c('Boulangerie Paul'), ...items('€'), lr('TOTALTTC', '7,35€'), lr('CB', '7,35€')]).total_amount.value, 7.35);
  t.is(till([c('Bäckerei Ströck'), lr('Semmel', '0,45'), lr('Kornspitz', '1,20'), lr('SUMMEEUR', '1,65'), lr('BAR', '2,00'), lr('RÜCKGELD', '0,35')]).total_amount.value, 1.65);
});

test('date: a year read with a letter ("2O24-03-05") is read back, not taken as a date of 2005', (t) => {
  const h = till([c('ORLEN S.A.'), c('NIP 774-00-01-454'), lr('2O24-03-05', 'nr wydr. 087123'), c('PARAGON FISKALNY'), lr('ON EFECTA', '256,97'), lr('SUMA PLN', '256,97')]);
  t.is(h.invoice_date.value, '2024-03-05');
});
