// Issue 26, round 22. A chain's name printed only as its wordmark: the OCR garbles the logo ("LéDL" for Lidl), and the
// chain's registered name may stand only in the footer. A line near the top one slip from a distinctive chain's name is
// that chain, for review; a chain's name printed at the top is the shop's sign, and the same chain named again lower
// down (its legal entity) is as likely. Words that are also chains' names are never mended ("MENU" is no "Meny").
import test from 'ava';
import { layoutFromText } from '../../../workers/invoice/layout.js';
import { readLaidOutInvoice } from '../../../workers/invoice/text/read-invoice.js';
import { chainOpening, garbledChain } from '../../../workers/invoice/text/chains.js';

/** A page as an OCR reading gives it: every line read with some doubt. */
const ocr = (lines: string[]) => {
  const layout = layoutFromText(lines.join('\n'));
  return readLaidOutInvoice({ ...layout, lines: layout.lines.map((l) => ({ ...l, conf: 0.9 })) }).header;
};

test("a chain's wordmark the OCR garbled at the top of a receipt is the chain, reported for review", (t) => {
  const h = ocr(['LéDL', 'Warburger Straße 130', '33100 Paderborn', 'EUR', 'Bananen      0,19 A', 'Emmentaler Stück      2,69 A', 'zu zahlen      2,88', 'Bar      5,00', 'Rückgeld      -2,12', 'UST-ID-NR: DE814689550']);
  t.is(h.vendor_name.value, 'Lidl');
  t.true(h.vendor_name.confidence < 0.9);
});

test('one slip from a chain: a letter misread, lost or added; never from two chains at once, a word, or three letters', (t) => {
  t.is(garbledChain('LéDL'), 'Lidl');
  t.is(garbledChain('Kaufand'), 'Kaufland');
  t.is(garbledChain('Tesko'), 'Tesco');
  t.is(garbledChain('Carrefourr'), 'Carrefour');
  t.is(garbledChain('CARREF0UR'), null, 'a digit read for a letter makes the name itself: mended elsewhere (name-shape.ts)');
  t.is(garbledChain('CARREF0URR'), 'Carrefour');
  t.is(garbledChain('Lidl'), null, 'already the name');
  t.is(garbledChain('L DI'), null, 'three letters: one slip from Aldi as much as a logo of Lidl');
  t.is(garbledChain('MENU'), null, 'a word, not Meny');
  t.is(garbledChain('Starr'), null, '"Star" is a word as much as a chain');
  t.is(garbledChain('Tesco 24'), null, 'digits: not a wordmark');
});

test("a chain's name opening a line names the chain; its branch or legal form after it does not hide it", (t) => {
  t.is(chainOpening('Marktkauf Lehr'), 'Marktkauf');
  t.is(chainOpening('ALDI SÜD'), 'Aldi Süd');
  t.is(chainOpening('Aldi GmbH & Co. KG'), 'Aldi');
  t.is(chainOpening('Albert Heijn 1234'), 'Albert Heijn');
  t.is(chainOpening('Acme Logistics Ltd'), null);
});

test("a chain's name at the top outranks an advertisement's slogan and web domain above it", (t) => {
  const h = ocr(['WUNSCHLOS GLÜCKLICH?', 'W Honestly', 'honestly.de', 'Marktkauf Lehr', 'Detmolder Str. 4', '33102 Paderborn', 'Tel. 05251 / 180420', 'TONIC WATER      1,59 C', 'SUMME      1,59', 'Mastercard EUR      1,59']);
  t.is(h.vendor_name.value, 'Marktkauf Lehr');
});

test("the chain's sign at the top and its legal entity in the footer: the legal entity, whole and cut at its form", (t) => {
  const h = ocr(['ALDI', 'Pohlweg 110', '33100 Paderborn', 'HONIG      3,29 C', 'ZU ZAHLEN      3,29', 'BAR      5,00', 'RÜCKGELD      1,71', 'Aldi GmbH & Co. KG, Schloß Holte']);
  t.is(h.vendor_name.value, 'Aldi GmbH & Co. KG');
});

test("a clean word at the top one slip from a chain is a name of its own; so is a word with a slip's mark but no garble", (t) => {
  for (const name of ['KRÜGER', 'WATSON', 'MORRISON', 'Kaufand']) {
    const h = ocr([name, 'Bäckerei & Konditorei', 'Hauptstr. 5', '10115 Berlin', 'Brot      2,50', 'Summe      2,50', 'Bar      5,00', 'Rückgeld      2,50']);
    t.is(h.vendor_name.value, name);
  }
});

test("a chain's sign is never taken from the customer's block, nor does it lift a customer chain over the seller", (t) => {
  const h = ocr(['Smith Plumbing', '1 Main St, Boston MA', '', 'Bill To:', 'CVS Pharmacy #1234', '50 Elm St, Boston MA 02110', 'INVOICE', 'Invoice No: 4471', 'Total      $250.00']);
  t.is(h.vendor_name.value, 'Smith Plumbing');
});

test("an app's line naming the chain is no fuller name of it", (t) => {
  const h = ocr(['Walmart', 'Save money. Live better.', '12 Main St Austin TX', 'Milk      1.20', 'Bread      1.10', 'TOTAL      $2.30', 'Cash      5.00', 'Change      2.70', 'Walmart Pay Get the app', '03/12/2023 10:15']);
  t.is(h.vendor_name.value, 'Walmart');
});

test('a chain named as the customer of an invoice is not the seller', (t) => {
  const h = ocr(['Acme Logistics Ltd', '5 Dock Road, Hull HU1 1AA', 'VAT No: GB 123 4567 89', 'INVOICE', 'Invoice No: AL-4471', 'Date: 12/03/2024', 'Bill to:', 'Tesco Stores Ltd', 'Cheshunt EN8 9SL', 'Haulage      1,000.00', 'VAT      200.00', 'Total      £1,200.00']);
  t.is(h.vendor_name.value, 'Acme Logistics Ltd');
});

test("on a page titled as an invoice a chain in a window envelope's address, unlabelled, is no sign of the seller", (t) => {
  const h = ocr(['Smith Plumbing', '1 Main St, Boston MA', '', 'CVS Pharmacy #1234', '50 Elm St, Boston MA 02110', 'INVOICE', 'Invoice No: 4471', 'Total      $250.00']);
  t.is(h.vendor_name.value, 'Smith Plumbing');
  // (nor one beside a "Sold To:" heading in the next column)
  const side = ocr(['Blue Ridge Honey      Sold To:', '12 Farm Rd      Costco Wholesale', 'Asheville NC 28801      999 Lake Dr, Issaquah WA 98027', 'INVOICE', 'Invoice No: 4471', 'Total      $250.00']);
  t.not(side.vendor_name.value, 'Costco Wholesale');
});
