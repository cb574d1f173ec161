// Issue 26, round 21. Invoices and till receipts in Cyrillic and Greek script (Russia, Ukraine, Bulgaria, Serbia,
// Greece), as their text layers print them: legal forms before the name in quotes (ООО «…», ТОВ «…») or after it
// (Α.Ε.), the labels of the number, date and total, months in the genitive ("15 марта 2024 г."), taxes a total
// includes ("В том числе НДС"), and money after the amount ("руб.", "грн"). Synthetic lines, written the way each
// country's documents print them; each rule holds for documents in general.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('a Russian invoice: "Счёт на оплату № 245 от 15 марта 2024 г.", the seller before its buyer, roubles, "Всего к оплате"', (t) => {
  const h = read([
    'ООО «Ромашка»',
    'ИНН 7701234567  КПП 770101001',
    '123456, г. Москва, ул. Тверская, д. 1',
    'Тел.: +7 (495) 123-45-67',
    'Счёт на оплату № 245 от 15 марта 2024 г.',
    'Покупатель: ООО «Василёк», ИНН 7702345678',
    'Товар      Кол-во      Цена      Сумма',
    'Бумага А4      10      350,00      3 500,00',
    'Итого:      3 500,00',
    'В том числе НДС (20%):      583,33',
    'Всего к оплате:      3 500,00 руб.',
  ]);
  t.is(h.vendor_name.value, 'ООО «Ромашка»');
  t.is(h.invoice_number.value, '245');
  t.is(h.invoice_date.value, '2024-03-15');
  t.is(h.currency.value, 'RUB');
  // the VAT it includes is not added to it
  t.is(h.total_amount.value, 3500);
});

test('a Ukrainian invoice: a number with Cyrillic letters, "від" before its date, hryvnias, "Всього до сплати" over the net sum', (t) => {
  const h = read([
    'ТОВ «Сонячна Долина»',
    'Код ЄДРПОУ 12345678',
    'м. Київ, вул. Хрещатик, 10',
    'Рахунок-фактура № СФ-0042',
    'від 12.04.2024',
    'Покупець: ФОП Іваненко І.І.',
    'Разом без ПДВ:      1 000,00',
    'ПДВ 20%:      200,00',
    'Всього до сплати:      1 200,00 грн',
  ]);
  t.is(h.vendor_name.value, 'ТОВ «Сонячна Долина»');
  t.is(h.invoice_number.value, 'СФ-0042');
  t.is(h.invoice_date.value, '2024-04-12');
  t.is(h.currency.value, 'UAH');
  t.is(h.total_amount.value, 1200);
  // net + VAT = the amount to pay: sure
  t.true(h.total_amount.confidence >= 0.9);
});

test('a Greek till receipt: the company with its Α.Ε., "ΣΥΝΟΛΟ" (capitals without accents) proved by cash less change, euros', (t) => {
  const h = read([
    'ΣΟΥΠΕΡ ΜΑΡΚΕΤ ΠΑΠΑΔΟΠΟΥΛΟΣ Α.Ε.',
    'ΕΡΜΟΥ 25, 10563 ΑΘΗΝΑ',
    'ΑΦΜ: 094012345  ΔΟΥ: Α΄ ΑΘΗΝΩΝ',
    'ΑΠΟΔΕΙΞΗ ΛΙΑΝΙΚΗΣ ΠΩΛΗΣΗΣ',
    'Ημ/νία: 03/05/2024',
    'ΓΑΛΑ 1L      1,45',
    'ΨΩΜΙ      0,90',
    'ΣΥΝΟΛΟ      2,35 €',
    'ΜΕΤΡΗΤΑ      5,00',
    'ΡΕΣΤΑ      2,65',
  ]);
  t.is(h.vendor_name.value, 'ΣΟΥΠΕΡ ΜΑΡΚΕΤ ΠΑΠΑΔΟΠΟΥΛΟΣ Α.Ε.');
  t.is(h.invoice_date.value, '2024-05-03');
  t.is(h.currency.value, 'EUR');
  t.is(h.total_amount.value, 2.35);
  t.true(h.total_amount.confidence >= 0.9);
});

test('a Bulgarian invoice: "Фактура №", "Дата на издаване", "Сума за плащане" in leva; a Greek "Ημερομηνία έκδοσης" in words', (t) => {
  const h = read([
    'Витоша Трейд ЕООД',
    'ЕИК 123456789, гр. София, бул. Витоша 15',
    'Фактура № 0000001234',
    'Дата на издаване: 05.06.2024',
    'Данъчна основа:      100,00 лв.',
    'ДДС 20%:      20,00 лв.',
    'Сума за плащане:      120,00 лв.',
  ]);
  t.is(h.invoice_number.value, '0000001234');
  t.is(h.invoice_date.value, '2024-06-05');
  t.is(h.currency.value, 'BGN');
  t.is(h.total_amount.value, 120);
  t.is(read(['ΤΕΧΝΙΚΗ ΕΤΑΙΡΕΙΑ Ε.Π.Ε.', 'Τιμολόγιο Αρ. ΤΔΑ-118', 'Ημερομηνία έκδοσης: 7 Μαΐου 2024', 'Πληρωτέο      1.240,00 €']).invoice_date.value, '2024-05-07');
});
