// Issue 26, round 21. Invoices from Vietnam, Indonesia, Thailand, Chile, Argentina and Brazil, as their text layers print
// them: their labels of the number, date and total ("Số:", "No. Faktur", "เลขที่", "Comp. Nro", "Número da Nota";
// "Ngày 15 tháng 03 năm 2024", "15 Maret 2024"; "Tổng cộng tiền thanh toán", "Total Tagihan", "Importe Total"),
// their taxes and net sums (PPN, GTGT, "Monto Neto"), Vietnam's legal forms before the name, and the peso countries'
// bare "$" read by their tax ids (RUT, CUIT). Synthetic lines, written the way each country's invoices print them.
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';

const read = (lines: string[]) => readLaidOutInvoice(layoutFromText(lines.join('\n'))).header;

test('a Vietnamese VAT invoice: "CÔNG TY TNHH …" whole, "Số:", the date in words, dong, "Tổng cộng tiền thanh toán"', (t) => {
  const h = read([
    'CÔNG TY TNHH THƯƠNG MẠI SAO MAI',
    'Mã số thuế: 0312345678',
    'Địa chỉ: 12 Nguyễn Huệ, Quận 1, TP. Hồ Chí Minh',
    'HÓA ĐƠN GIÁ TRỊ GIA TĂNG',
    'Số: 0000123',
    'Ngày 15 tháng 03 năm 2024',
    'Cộng tiền hàng:      1.000.000',
    'Thuế suất GTGT: 10%   Tiền thuế GTGT:      100.000',
    'Tổng cộng tiền thanh toán:      1.100.000',
  ]);
  t.is(h.vendor_name.value, 'CÔNG TY TNHH THƯƠNG MẠI SAO MAI');
  t.is(h.invoice_number.value, '0000123');
  t.is(h.invoice_date.value, '2024-03-15');
  t.is(h.currency.value, 'VND');
  t.is(h.total_amount.value, 1100000);
  t.true(h.total_amount.confidence >= 0.9);
});

test('an Indonesian invoice: "No. Faktur", "15 Maret 2024", PPN added to the subtotal makes "Total Tagihan" sure', (t) => {
  const h = read([
    'PT SINAR JAYA ABADI',
    'Jl. Sudirman No. 10, Jakarta Selatan',
    'FAKTUR',
    'No. Faktur: INV/2024/03/0042',
    'Tanggal: 15 Maret 2024',
    'Kepada: PT Maju Mundur',
    'Subtotal      Rp 1.000.000',
    'PPN 11%      Rp 110.000',
    'Total Tagihan      Rp 1.110.000',
  ]);
  t.is(h.invoice_number.value, 'INV/2024/03/0042');
  t.is(h.invoice_date.value, '2024-03-15');
  t.is(h.total_amount.value, 1110000);
  t.true(h.total_amount.confidence >= 0.9);
  t.is(read(['PT ABC', 'Tanggal 17 Agustus 2024', 'Total Rp 5.000']).invoice_date.value, '2024-08-17');
});

test("Chile's and Argentina's bare \"$\" is the peso their tax ids (RUT, CUIT) say; \"Monto Neto\" + IVA confirm the total", (t) => {
  const cl = read([
    'COMERCIAL LOS ANDES SPA',
    'RUT: 76.123.456-7',
    'Av. Providencia 1234, Santiago',
    'FACTURA ELECTRONICA N° 4567',
    'Fecha Emision: 15 de marzo de 2024',
    'Monto Neto      $ 100.000',
    'IVA 19%      $ 19.000',
    'Total      $ 119.000',
  ]);
  t.is(cl.currency.value, 'CLP');
  t.is(cl.total_amount.value, 119000);
  t.true(cl.total_amount.confidence >= 0.9);
  const ar = read(['DISTRIBUIDORA DEL PLATA S.R.L.', 'CUIT: 30-71234567-9', 'FACTURA B', 'Punto de Venta: 0003  Comp. Nro: 00001234', 'Fecha de Emisión: 15/03/2024', 'Importe Total: $ 12.100,00']);
  t.is(ar.currency.value, 'ARS');
  t.is(ar.invoice_number.value, '00001234');
  t.is(ar.total_amount.value, 12100);
});

test('a Brazilian service invoice ("Número da Nota", "Valor Total da Nota") and a Thai tax invoice ("เลขที่", baht by its script)', (t) => {
  const br = read(['PADARIA BOM GOSTO LTDA', 'CNPJ: 12.345.678/0001-90', 'NOTA FISCAL DE SERVIÇO ELETRÔNICA', 'Número da Nota: 000456', 'Data e Hora de Emissão: 15/03/2024 10:22', 'Valor Total da Nota:      R$ 1.250,00']);
  t.is(br.invoice_number.value, '000456');
  t.is(br.total_amount.value, 1250);
  const th = read([
    'บริษัท สยามเทรดดิ้ง จำกัด',
    'SIAM TRADING CO., LTD.',
    'เลขประจำตัวผู้เสียภาษี 0105555123456',
    'ใบกำกับภาษี / TAX INVOICE',
    'เลขที่ / No. IV2024-0042',
    'วันที่ / Date 15/03/2024',
    'รวมเงิน / Subtotal      10,000.00',
    'ภาษีมูลค่าเพิ่ม 7% / VAT      700.00',
    'จำนวนเงินรวมทั้งสิ้น / Grand Total      10,700.00',
  ]);
  t.is(th.invoice_number.value, 'IV2024-0042');
  t.is(th.currency.value, 'THB');
  t.is(th.total_amount.value, 10700);
});

test('the Vietnamese "Số:" label needs its accent: an English "SO:" (a sales order) is no invoice number', (t) => {
  t.is(read(['ACME Inc.', 'SO: 55123', 'Invoice Date: 03/05/2024', 'Total $10.00']).invoice_number.value, null);
});
