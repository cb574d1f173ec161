// Invoices made for tests and benchmarks, in every format the import reads: a text PDF (pdfkit),
// a scanned PDF and a photo (the same page drawn by sharp from SVG), an encrypted
// PDF, a Factur-X-style PDF with an embedded CII XML, UBL 2.1 and CII XML, and CSV.
import PDFDocument from 'pdfkit';
import sharp from 'sharp';

export interface InvoiceLineSpec {
  description: string;
  quantity: number;
  unitPrice: number;
  sku?: string;
  barcode?: string;
  unit?: string;
}

export interface InvoiceSpec {
  vendor: string;
  number: string;
  /** YYYY-MM-DD */
  date: string;
  currency: string;
  lines: InvoiceLineSpec[];
  customer?: string;
}

export const total = (spec: InvoiceSpec) => Math.round(spec.lines.reduce((s, l) => s + l.quantity * l.unitPrice, 0) * 100) / 100;
const money = (n: number) => n.toFixed(2);

export function sampleInvoice(overrides: Partial<InvoiceSpec> = {}): InvoiceSpec {
  return {
    vendor: 'Northwind Traders GmbH',
    number: `INV-${Math.floor(Math.random() * 900000 + 100000)}`,
    date: '2024-03-15',
    currency: 'EUR',
    customer: 'Contoso Retail',
    lines: [
      { description: 'Blue Ceramic Mug', quantity: 12, unitPrice: 4.5, sku: 'MUG-BLUE-01' },
      { description: 'Stainless Steel Teapot', quantity: 3, unitPrice: 29.9, sku: 'TEA-STEEL-02' },
      { description: 'Bamboo Coaster Set', quantity: 5, unitPrice: 7.25, sku: 'COAST-BAM-03' },
    ],
    ...overrides,
  };
}

/** Collects the document's bytes; call the returned function once everything is drawn. */
function collect(doc: PDFKit.PDFDocument): () => Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  return () => {
    doc.end();
    return done;
  };
}

/** A one-page (or longer) text invoice laid out like a supplier's: header box, bill-to, item table, total. */
export async function textPdf(spec: InvoiceSpec, opts: { userPassword?: string; attach?: { name: string; data: Buffer } } = {}): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, ...(opts.userPassword ? { userPassword: opts.userPassword, ownerPassword: `${opts.userPassword}-owner` } : {}) });
  if (opts.attach) doc.file(opts.attach.data, { name: opts.attach.name, type: 'text/xml', description: 'Factur-X invoice' });
  const out = collect(doc);
  doc.font('Helvetica-Bold').fontSize(16).text(spec.vendor, 50, 50);
  doc.font('Helvetica').fontSize(9).text('Industriestrasse 12, 10115 Berlin', 50, 72).text('VAT ID DE123456789 · IBAN DE89370400440532013000', 50, 84);
  doc.font('Helvetica-Bold').fontSize(20).text('INVOICE', 400, 50);
  doc.font('Helvetica').fontSize(10);
  doc.text('Invoice No:', 360, 90).text(spec.number, 450, 90);
  doc.text('Invoice Date:', 360, 104).text(spec.date, 450, 104);
  doc.text('Due Date:', 360, 118).text('2099-12-31', 450, 118);
  doc.text('Bill To:', 50, 140).text(spec.customer ?? 'Contoso Retail', 50, 154).text('Main Street 1, 12345 Springfield', 50, 168);
  let y = 220;
  doc.font('Helvetica-Bold');
  doc.text('SKU', 50, y).text('Description', 130, y).text('Qty', 330, y).text('Unit Price', 380, y).text('Amount', 480, y);
  doc.font('Helvetica');
  for (const l of spec.lines) {
    y += 18;
    if (y > 760) {
      doc.addPage();
      y = 60;
    }
    doc.text(l.sku ?? '', 50, y).text(l.description, 130, y, { width: 190, lineBreak: false }).text(String(l.quantity), 330, y).text(`${money(l.unitPrice)}`, 380, y).text(`${money(l.quantity * l.unitPrice)}`, 480, y);
  }
  y += 30;
  if (y > 780) {
    doc.addPage();
    y = 60;
  }
  doc.font('Helvetica-Bold').text(`Total ${spec.currency}`, 380, y).text(money(total(spec)), 480, y);
  return out();
}

/** The same invoice as a picture (a photo or a scan): an SVG drawn by sharp. */
export async function invoicePng(spec: InvoiceSpec, opts: { scale?: number; format?: 'png' | 'jpeg' } = {}): Promise<Buffer> {
  const s = opts.scale ?? 2.5; // ~180 dpi for an A4 page
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const text = (x: number, y: number, t: string, size = 10, bold = false) =>
    `<text x="${x * s}" y="${y * s}" font-family="DejaVu Sans, sans-serif" font-size="${size * s}"${bold ? ' font-weight="bold"' : ''} fill="black">${esc(t)}</text>`;
  const parts = [
    text(50, 60, spec.vendor, 16, true),
    text(50, 80, 'Industriestrasse 12, 10115 Berlin', 9),
    text(400, 60, 'INVOICE', 20, true),
    text(360, 100, 'Invoice No:'),
    text(450, 100, spec.number),
    text(360, 116, 'Invoice Date:'),
    text(450, 116, spec.date),
    text(50, 150, 'Bill To:'),
    text(50, 166, spec.customer ?? 'Contoso Retail'),
  ];
  let y = 230;
  parts.push(text(50, y, 'Description', 10, true), text(330, y, 'Qty', 10, true), text(390, y, 'Unit Price', 10, true), text(480, y, 'Amount', 10, true));
  for (const l of spec.lines) {
    y += 20;
    parts.push(text(50, y, l.description), text(330, y, String(l.quantity)), text(390, y, money(l.unitPrice)), text(480, y, money(l.quantity * l.unitPrice)));
  }
  parts.push(text(390, y + 36, `Total ${spec.currency}`, 10, true), text(480, y + 36, money(total(spec)), 10, true));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${595 * s}" height="${842 * s}"><rect width="100%" height="100%" fill="white"/>${parts.join('')}</svg>`;
  const img = sharp(Buffer.from(svg)).flatten({ background: 'white' });
  return opts.format === 'jpeg' ? img.jpeg({ quality: 90 }).toBuffer() : img.png().toBuffer();
}

/** A scanned invoice: a PDF holding only the page picture, no text layer. */
export async function scannedPdf(spec: InvoiceSpec): Promise<Buffer> {
  const png = await invoicePng(spec, { scale: 2.5 });
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const out = collect(doc);
  doc.image(png, 0, 0, { width: 595.28 });
  return out();
}

const xmlEsc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function ublXml(spec: InvoiceSpec): string {
  const lines = spec.lines
    .map(
      (l, i) => `
  <cac:InvoiceLine>
    <cbc:ID>${i + 1}</cbc:ID>
    <cbc:InvoicedQuantity unitCode="${l.unit ?? 'C62'}">${l.quantity}</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="${spec.currency}">${money(l.quantity * l.unitPrice)}</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>${xmlEsc(l.description)}</cbc:Name>
      ${l.sku ? `<cac:SellersItemIdentification><cbc:ID>${xmlEsc(l.sku)}</cbc:ID></cac:SellersItemIdentification>` : ''}
      ${l.barcode ? `<cac:StandardItemIdentification><cbc:ID schemeID="0160">${l.barcode}</cbc:ID></cac:StandardItemIdentification>` : ''}
    </cac:Item>
    <cac:Price><cbc:PriceAmount currencyID="${spec.currency}">${money(l.unitPrice)}</cbc:PriceAmount></cac:Price>
  </cac:InvoiceLine>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>${xmlEsc(spec.number)}</cbc:ID>
  <cbc:IssueDate>${spec.date}</cbc:IssueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>${spec.currency}</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PartyName><cbc:Name>${xmlEsc(spec.vendor)}</cbc:Name></cac:PartyName>
    <cac:PartyLegalEntity><cbc:RegistrationName>${xmlEsc(spec.vendor)}</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyName><cbc:Name>${xmlEsc(spec.customer ?? 'Contoso Retail')}</cbc:Name></cac:PartyName></cac:Party></cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="${spec.currency}">${money(total(spec))}</cbc:LineExtensionAmount>
    <cbc:PayableAmount currencyID="${spec.currency}">${money(total(spec))}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>${lines}
</Invoice>`;
}

export function ciiXml(spec: InvoiceSpec): string {
  const items = spec.lines
    .map(
      (l, i) => `
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct>
        ${l.barcode ? `<ram:GlobalID schemeID="0160">${l.barcode}</ram:GlobalID>` : ''}
        ${l.sku ? `<ram:SellerAssignedID>${xmlEsc(l.sku)}</ram:SellerAssignedID>` : ''}
        <ram:Name>${xmlEsc(l.description)}</ram:Name>
      </ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${money(l.unitPrice)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${l.unit ?? 'H87'}">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${money(l.quantity * l.unitPrice)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${xmlEsc(spec.number)}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${spec.date.replace(/-/g, '')}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${items}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>${xmlEsc(spec.vendor)}</ram:Name></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>${xmlEsc(spec.customer ?? 'Contoso Retail')}</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>${spec.currency}</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:GrandTotalAmount>${money(total(spec))}</ram:GrandTotalAmount><ram:DuePayableAmount>${money(total(spec))}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}

export function invoiceCsv(spec: InvoiceSpec, delimiter = ','): string {
  const q = (v: string) => (v.includes(delimiter) || v.includes('"') ? `"${v.replace(/"/g, '""')}"` : v);
  const dec = (n: number) => (delimiter === ';' ? money(n).replace('.', ',') : money(n));
  const rows = [['Invoice Number', 'Invoice Date', 'Vendor', 'Currency', 'SKU', 'Description', 'Quantity', 'Unit Price', 'Line Total']];
  for (const l of spec.lines) rows.push([spec.number, spec.date, spec.vendor, spec.currency, l.sku ?? '', l.description, String(l.quantity), dec(l.unitPrice), dec(l.quantity * l.unitPrice)]);
  return rows.map((r) => r.map(q).join(delimiter)).join('\n') + '\n';
}
