// How probable a seller's name is as letters, apart from where it stands (vendor.ts): OCR
// slips leave marks a printed name rarely has — a digit among letters ("0JC"), a legal form
// one letter off ("SDN BHO", "GmbII"), a lone "S" or "8" where "&" stood ("ACME S BOOKS"), a
// "q" without its "u" ("RQSSMANN"), a word of consonants. A name with such a mark is
// reported below the review threshold however well placed it is; the safe slips are mended
// first: a digit inside a word of capitals read as the letter it resembles, and a word one
// OCR confusion away from a common word of shop and company names ("Medla" → "Media").

/** Common words of shop and company names, lower case (a word one OCR confusion away from one of these is that word). */
const COMMON_WORDS = new Set(
  [
    'media', 'markt', 'market', 'mart', 'books', 'book', 'store', 'stores', 'shop', 'trading', 'hardware', 'pharmacy', 'apotheke', 'bakery', 'bäckerei',
    'restaurant', 'kitchen', 'station', 'service', 'services', 'supplies', 'supply', 'electrical', 'electronics', 'stationery', 'printing', 'print',
    'enterprise', 'enterprises', 'international', 'holdings', 'group', 'centre', 'center', 'furniture', 'optical', 'motor', 'motors', 'auto', 'travel',
    'hotel', 'cafe', 'coffee', 'food', 'foods', 'fresh', 'super', 'supermarket', 'drogerie', 'getränke', 'buchhandlung', 'handel', 'verlag',
    'limited', 'company', 'corporation', 'industries', 'solutions', 'systems', 'technology', 'technologies', 'consulting', 'office', 'home', 'garden',
    'king', 'golden', 'royal', 'city', 'global', 'asia', 'euro', 'national', 'general', 'north', 'south', 'east', 'west', 'new',
  ],
);

/** Characters an OCR engine mistakes for one another (both directions). */
const CONFUSABLE: [string, string][] = [
  ['l', 'i'], ['i', 'l'], ['I', 'l'], ['l', 'I'], ['0', 'O'], ['O', '0'], ['Q', 'O'], ['O', 'Q'], ['F', 'P'], ['P', 'F'], ['5', 'S'], ['S', '5'], ['8', 'B'], ['B', '8'],
  ['c', 'e'], ['e', 'c'], ['u', 'n'], ['n', 'u'], ['1', 'I'], ['1', 'l'], ['h', 'b'], ['b', 'h'],
];

/** Small words that join or qualify the words of a name in capitals. */
const JOINING_WORDS = new Set(['and', 'und', 'et', 'en', 'of', 'the', 'for', 'with', 'de', 'du', 'des', 'la', 'le', 'di', 'da', 'do', 'dos', 'das', 'del', 'para', 'por', 'pour', 'per', 'em', 'o', 'van', 'von', 'der', 'den', 'zu', 'zum', 'zur', 'am', 'im', 'an', 'bei', 'mit', 'co', 'mbh', 'gmbh', 'bhd', 'ltd', 'inc', 'sdn', 'dan', 'y', 'e', 'a']);

const LEGAL_WORDS = ['gmbh', 'bhd', 'ltd', 'limited', 'berhad', 'pte', 'pty', 'sarl', 'inc', 'corp', 'llc', 'plc'];

/** A digit inside a word of capitals is the letter it resembles: "0JC" → "OJC", "C0FFEE" → "COFFEE"; a word of common names one confusion off is that word. */
export function mendedName(name: string, ocr = false): string {
  return withLegalFormMended(name
    .split(/(\s+)/)
    .map((token) => {
      if (/^\s+$/.test(token) || !token) return token;
      const core = token.replace(/^[("'‘“]+|[)"'’”.,:;]+$/g, '');
      const at = token.indexOf(core);
      let mended = core;
      // capitals with one or two digits that look like letters, at least two letters: a word, not a number or a code like "A4"
      const letters = core.replace(/[^A-Z]/g, '').length;
      if (letters >= 2 && /^[A-Z0158]+$/.test(core) && /[0158]/.test(core) && (core.match(/\d/g) ?? []).length <= 2 && /^[A-Z0]/.test(core))
        mended = core.replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S').replace(/8/g, 'B');
      // (in an OCR reading, a small l among capitals is a capital I: "CHEMlST", "PlNECREST")
      if (ocr && /^[A-Z]+(?:l[A-Z]+)+$/.test(mended) && mended.length >= 4) mended = mended.replace(/l/g, 'I');
      // a broken "GmbH" ("GrnbH": m read as rn; "GmhH": b as h; "GmbII": H as II)
      if (/^G(?:m|rn|n)[bh][HIl1|]{1,2}$/i.test(mended) && mended.toLowerCase() !== 'gmbh') mended = mended === mended.toUpperCase() ? 'GMBH' : 'GmbH';
      // in an OCR reading, a capital I between a word's capital and its small letters is a small l ("AIpha" → "Alpha",
      // "BIumen" → "Blumen") — not in a text layer (a name is as printed), not after an A ("AImotive", "AIforia": AI)
      else if (ocr && /^[B-Z]I\p{Ll}{2,}$/u.test(mended)) mended = `${mended[0]}l${mended.slice(2)}`;
      const lower = mended.toLowerCase();
      if (mended.length >= 4 && /^\p{L}+$/u.test(mended) && !COMMON_WORDS.has(lower)) {
        for (const [from, to] of CONFUSABLE) {
          let i = mended.indexOf(from);
          while (i >= 0) {
            const candidate = mended.slice(0, i) + to + mended.slice(i + 1);
            if (COMMON_WORDS.has(candidate.toLowerCase())) return token.slice(0, at) + candidate + token.slice(at + core.length);
            i = mended.indexOf(from, i + 1);
          }
        }
      }
      return token.slice(0, at) + mended + token.slice(at + core.length);
    })
    .join(''));
}

/**
 * "Fiverr Intemational Ltd." → "Fiverr International Ltd.", "Acme Cornpany" → "Acme Company": a common word of names
 * whose "m" the OCR read as "rn" or the other way round, spelt as it is. A respelling, not a slip's mark: the name's
 * confidence stays what its evidence says.
 */
export function commonWordsRespelled(name: string): string {
  return name.replace(/\p{L}{6,}/gu, (word) => {
    if (COMMON_WORDS.has(word.toLowerCase())) return word;
    for (const candidate of [word.replace(/m/g, 'rn'), word.replace(/rn/g, 'm'), word.replace(/RN/g, 'M'), word.replace(/M/g, 'RN')]) {
      if (candidate !== word && COMMON_WORDS.has(candidate.toLowerCase())) return candidate;
    }
    return word;
  });
}

/**
 * A legal form ending the name as an OCR engine misreads it, in shapes no word has: "Lld", "L1d", "LTO" for "Ltd", "BHO"
 * for "BHD", "lnc" for "Inc" ("Apple Pie", "Marine Ply", "Pot Lid", "Nasi Sari" stay: words of their own).
 */
const BROKEN_FORMS: [RegExp, string][] = [[/^[Ll][l1|][dD]$/, 'ltd'], [/^Lt[o0]$/i, 'ltd'], [/^BH[O0]$/i, 'bhd'], [/^[l1|]nc$/i, 'inc']];
function withLegalFormMended(name: string): string {
  const m = /^(.*\S\s+)([\p{L}\d|]{3})(\.?)$/u.exec(name);
  if (!m) return name;
  const read = m[2];
  const form = BROKEN_FORMS.find(([re]) => re.test(read))?.[1];
  if (!form) return name;
  const cased = read === read.toUpperCase() ? form.toUpperCase() : form[0].toUpperCase() + form.slice(1);
  return m[1] + cased + m[3];
}

/** Marks of an OCR slip that a printed name rarely has; each one is a reason not to be sure of it. */
export function improbableMarks(name: string): string[] {
  const marks: string[] = [];
  const tokens = name.split(/\s+/).filter(Boolean);
  // "RESTORAN WAN sel": a word of small letters after words of capitals is the end of a word the OCR garbled
  // (joining words and particles excepted: "SAM & Co", "PIZZA di NAPOLI")
  const capitals = tokens.filter((t) => /^\p{Lu}{2,}$/u.test(t.replace(/[^\p{L}]/gu, ''))).length;
  // "L DI": letters scattered in words of one or two (a logo the OCR broke up), not a name
  const wordsOfLetters = tokens.map((t) => t.replace(/[^\p{L}]/gu, '')).filter(Boolean);
  // (not words of Japanese, Chinese or Korean, whose letters are syllables and words: "山田 商店")
  if (wordsOfLetters.length >= 2 && wordsOfLetters.every((w) => w.length <= 2 && /^[\p{Script=Latin}]+$/u.test(w)) && wordsOfLetters.join('').length <= 5) marks.push(`scattered letters: ${name}`);
  tokens.forEach((token, i) => {
    const t = token.replace(/^[("'‘“]+|[)"'’”.,:;]+$/g, '');
    if (!t) return;
    if (capitals >= 2 && i > 0 && /^\p{Ll}{2,}$/u.test(t) && !JOINING_WORDS.has(t)) marks.push(`small letters among capitals: ${t}`);
    // "77 SPEED MART 5": a lone character after the name (the OCR's remnant of "S/B" or a speck)
    if (i === tokens.length - 1 && i >= 2 && /^[\p{L}\d]$/u.test(t) && !/^[&+]$/.test(t)) marks.push(`stray character at the end: ${t}`);
    // a digit among letters ("0JC", "C0RP"), not a number with a unit or ordinal ("24H", "7th", "3M"; a zero
    // before letters is the letter O misread)
    if (/\p{L}/u.test(t) && /\d/.test(t) && !/^[1-9]\d*(?:[A-Za-z]{1,2}|st|nd|rd|th)$/i.test(t) && !/^[A-Z]\d{1,2}$/.test(t) && !/^\d+-\p{L}/u.test(t)) marks.push(`digit among letters: ${t}`);
    // a lone S or 8 between two words: "&" misread ("ACME S BOOKS"), not an initial before a surname
    if (/^[S8$§]$/.test(t) && i > 0 && i < tokens.length - 1 && /\p{L}{2}/u.test(tokens[i - 1]) && /\p{L}{2}/u.test(tokens[i + 1])) marks.push(`"&" misread: ${t}`);
    // a "q" not followed by "u" inside a longer word ("RQSSMANN"); "Qatar", "IQ", "QR" stay
    if (t.length >= 5 && /\p{L}q(?!u)\p{L}/iu.test(t)) marks.push(`q without u: ${t}`);
    // four consonants running in a short word or five in any ("BRTHX"); German and Dutch compounds have three or four
    // (capitals of five letters or fewer are an acronym: "KPMG", "DHL")
    // (nor a legal form: "GmbH", "mbH", "Bhd" are as printed)
    const acronym = /^[A-Z]{1,5}$/.test(t) || LEGAL_WORDS.includes(t.toLowerCase()) || /^g?mbh$/i.test(t);
    // (a digraph sounds as one: "Deutschland" runs t-sch-l, "Nightclub" gh-t-c-l, not five consonants)
    const sounds = t.replace(/s?ch|ck|ph|th|sh|gh/gi, 'x');
    if (/^\p{Script=Latin}+$/u.test(t) && !acronym && (/[bcdfghjklmnpqrstvwxz]{5,}/i.test(sounds) || (t.length <= 6 && /[bcdfghjklmnpqrstvwxz]{4,}/i.test(sounds)) || (t.length >= 4 && !/[aeiouyäöüéèàáíóú]/i.test(t) && !/^[A-Z]+$/.test(t))))
      marks.push(`no vowel: ${t}`);
    // symbols no name holds inside a word ("AC~ME", "B|OOKS")
    if (/\p{L}[~|\\^_{}<>]+\p{L}/u.test(t)) marks.push(`symbol inside a word: ${t}`);
    // a legal form one letter off ("SDN BHO", "GmbII", "LTO") — not the form itself
    const lower = t.toLowerCase();
    // (only a slip the OCR makes: "SON" for "SDN" is "& SON", "INN" is not "INC")
    if (/^G[mn]b[HIl1|]{1,2}$/i.test(t) && lower !== 'gmbh') marks.push(`broken legal form: ${t}`);
    else if (t.length >= 3 && i === tokens.length - 1 && i > 0 && !LEGAL_WORDS.includes(lower) && LEGAL_WORDS.some((w) => w.length === lower.length && confusedOnce(w, lower))) marks.push(`broken legal form: ${t}`);
  });
  return marks;
}

/** Lower-case look-alikes of the letters of legal forms (what OCR puts in their place). */
const LOOKALIKE: Record<string, string> = { d: 'o0a', h: 'bn', b: '8h', t: 'f1i', l: 'i1|', i: 'l1|', m: 'n', n: 'm', c: 'e(', p: 'f', o: '0', r: 'n' };

/** One letter of `form` replaced by a look-alike, in the form's place ("bho" for "bhd", "gmbii" is two and fails, "ltd" → "lto"). */
function confusedOnce(form: string, word: string): boolean {
  let diff = 0;
  for (let i = 0; i < form.length; i++) {
    if (form[i] === word[i]) continue;
    if (!(LOOKALIKE[form[i]] ?? '').includes(word[i])) return false;
    diff++;
  }
  return diff === 1 && form !== 'sdn';
}

/** A one-word name of five letters or more that is a word of `full` but for one letter ("RQSSMANN" in "Dirk Rossmann GmbH"). */
export function oneLetterOff(name: string, full: string): boolean {
  const word = name.trim().toLowerCase();
  if (!/^\p{L}{5,}$/u.test(word)) return false;
  return full.toLowerCase().split(/[^\p{L}]+/u).some((w) => w.length === word.length && w !== word && [...w].filter((ch, i) => ch !== word[i]).length === 1);
}
