// Size: the month names of some forty languages and the date patterns built from them, read together; split, a name list would stand apart from the patterns it feeds.
// Dates as invoices print them, normalised to YYYY-MM-DD: ISO, numeric with the day
// or the month first (03/20/2023 vs 20.03.2023), written months in English,
// German, Dutch, French, Spanish, Italian and Portuguese ("August 3, 2014",
// "7. Mai 2014", "19 april 2014", "1er janvier 2020") and, day first, in Central and
// Northern European, Baltic, Balkan, Turkish, Cyrillic, Greek and Indonesian names;
// East Asian dates with Japan's and Taiwan's era years; Vietnam's. An ambiguous numeric date
// is resolved by the document's other dates, then by its separator and currency.

import { MONTH_FIRST_COUNTRIES } from './country.js';

export type DayOrder = 'dmy' | 'mdy';

const MONTHS: Record<string, number> = {};
const names: [number, string[]][] = [
  [1, ['january', 'jan', 'januar', 'jänner', 'januari', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'janeiro']],
  [2, ['february', 'feb', 'febr', 'februar', 'februari', 'février', 'fevrier', 'févr', 'fevr', 'febrero', 'febbraio', 'fevereiro', 'fev']],
  [3, ['march', 'mar', 'märz', 'maerz', 'mär', 'maart', 'mrt', 'mars', 'marzo', 'março', 'marco']],
  [4, ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile']],
  [5, ['may', 'mai', 'mei', 'mayo', 'maggio', 'mag', 'maio']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho']],
  [7, ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho']],
  [8, ['august', 'aug', 'augustus', 'août', 'aout', 'agosto', 'ago']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro']],
  [10, ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro']],
  [11, ['november', 'nov', 'novembre', 'noviembre', 'novembro']],
  [12, ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'déc', 'diciembre', 'dic', 'dicembre', 'dezembro']],
];

/**
 * Month names of languages that print the day before the month (Cyrillic and Greek names in the genitive and
 * nominative; Polish, Czech, Slovak, Finnish, Hungarian, Romanian, Turkish, Croatian, Serbian, Slovenian, Nordic,
 * Baltic, Indonesian and Malay): read in "15 marca 2024" and year-first "2024. március 15.", never as a month before its
 * day ("Santa Marta 15 2010", "Kasim 12, 2019" are a town and a name).
 */
const dayFirstNames: [number, string[]][] = [
  [1, ['января', 'январь', 'янв', 'січня', 'януари', 'јануар', 'јануара', 'ιανουαρίου', 'ιανουαριου', 'stycznia', 'styczeń', 'styczen', 'ledna', 'leden', 'januára', 'tammikuuta', 'tammikuu', 'január', 'ianuarie', 'ocak', 'siječnja', 'sijecnja', 'jaanuar', 'janvāris', 'janvāra', 'sausio']],
  [2, ['pebruari', 'февраля', 'февраль', 'фев', 'лютого', 'февруари', 'фебруар', 'фебруара', 'φεβρουαρίου', 'φεβρουαριου', 'lutego', 'luty', 'února', 'unora', 'únor', 'februára', 'helmikuuta', 'helmikuu', 'február', 'februarie', 'şubat', 'subat', 'veljače', 'veljace', 'veebruar', 'februāris', 'februāra', 'vasario']],
  [3, ['mac', 'maret', 'марта', 'март', 'березня', 'μαρτίου', 'μαρτιου', 'marca', 'marzec', 'března', 'brezna', 'březen', 'maaliskuuta', 'maaliskuu', 'március', 'martie', 'mart', 'ožujka', 'ozujka', 'marec', 'märts', 'marts', 'marta', 'kovo']],
  [4, ['апреля', 'апрель', 'апр', 'квітня', 'април', 'априла', 'απριλίου', 'απριλιου', 'kwietnia', 'kwiecień', 'dubna', 'duben', 'apríla', 'huhtikuuta', 'huhtikuu', 'április', 'aprilie', 'nisan', 'travnja', 'aprill', 'aprīlis', 'aprīļa', 'balandžio']],
  [5, ['мая', 'май', 'травня', 'мај', 'маја', 'μαΐου', 'μαιου', 'μαϊου', 'maja', 'maj', 'května', 'kvetna', 'květen', 'mája', 'toukokuuta', 'toukokuu', 'május', 'mayıs', 'mayis', 'svibnja', 'maijs', 'maija', 'gegužės']],
  [6, ['июня', 'июнь', 'червня', 'юни', 'јун', 'јуна', 'ιουνίου', 'ιουνιου', 'czerwca', 'czerwiec', 'června', 'cervna', 'červen', 'júna', 'kesäkuuta', 'kesäkuu', 'június', 'iunie', 'haziran', 'lipnja', 'junij', 'juuni', 'jūnijs', 'jūnija', 'birželio']],
  [7, ['julai', 'июля', 'июль', 'липня', 'юли', 'јул', 'јула', 'ιουλίου', 'ιουλιου', 'lipca', 'lipiec', 'července', 'cervence', 'červenec', 'júla', 'heinäkuuta', 'heinäkuu', 'július', 'iulie', 'temmuz', 'srpnja', 'julij', 'juuli', 'jūlijs', 'jūlija', 'liepos']],
  [8, ['ogos', 'agustus', 'августа', 'август', 'авг', 'серпня', 'αυγούστου', 'αυγουστου', 'sierpnia', 'sierpień', 'srpna', 'srpen', 'augusta', 'elokuuta', 'elokuu', 'augusztus', 'ağustos', 'agustos', 'kolovoza', 'avgust', 'augusti', 'augusts', 'rugpjūčio']],
  [9, ['сентября', 'сентябрь', 'сен', 'вересня', 'септември', 'септембар', 'септембра', 'σεπτεμβρίου', 'σεπτεμβριου', 'września', 'wrzesień', 'wrzesnia', 'září', 'zari', 'septembra', 'syyskuuta', 'syyskuu', 'szeptember', 'septembrie', 'eylül', 'eylul', 'rujna', 'septembar', 'septembris', 'rugsėjo']],
  [10, ['октября', 'октябрь', 'окт', 'жовтня', 'октомври', 'октобар', 'октобра', 'οκτωβρίου', 'οκτωβριου', 'października', 'październik', 'pazdziernika', 'října', 'rijna', 'říjen', 'októbra', 'lokakuuta', 'lokakuu', 'október', 'octombrie', 'ekim', 'oktobar', 'oktoober', 'oktobris', 'spalio']],
  [11, ['nopember', 'ноября', 'ноябрь', 'ноя', 'листопада', 'ноември', 'новембар', 'новембра', 'νοεμβρίου', 'νοεμβριου', 'listopada', 'listopad', 'listopadu', 'novembra', 'marraskuuta', 'marraskuu', 'noiembrie', 'kasım', 'kasim', 'studenoga', 'studenog', 'novembar', 'novembris', 'lapkričio']],
  [12, ['disember', 'desember', 'декабря', 'декабрь', 'дек', 'грудня', 'декември', 'децембар', 'децембра', 'δεκεμβρίου', 'δεκεμβριου', 'grudnia', 'grudzień', 'prosince', 'prosinec', 'decembra', 'joulukuuta', 'joulukuu', 'decembrie', 'aralık', 'aralik', 'prosinca', 'decembar', 'detsember', 'decembris', 'gruodžio']],
];
const MONTH_FIRST: Record<string, number> = {};
for (const [n, list] of names) for (const name of list) MONTHS[name] = MONTH_FIRST[name] = n;
for (const [n, list] of dayFirstNames) for (const name of list) MONTHS[name] = n;
/** every month name and abbreviation the reader knows (Western and Central European, Nordic, Baltic, Balkan, Turkish, Cyrillic and Greek names, Indonesian and Malay), as regex alternatives */
export const MONTH_RE = Object.keys(MONTHS).sort((a, b) => b.length - a.length).map((m) => m.replace('.', '\\.')).join('|');
/** the month names that may come before the day ("March 4, 2023", "Sep07'18"): the languages that write them so */
const MONTH_FIRST_RE = Object.keys(MONTH_FIRST).sort((a, b) => b.length - a.length).map((m) => m.replace('.', '\\.')).join('|');

export interface DateMatch {
  iso: string;
  index: number;
  length: number;
  /** numeric a/b/yyyy where both a and b could be the month */
  ambiguous: boolean;
  text: string;
  /** eight digits without separators (27032018), read only where a date stands */
  compact?: boolean;
  /** read with a 0 the OCR took for a 6, 8 or 9 (19/62/2018, 12-02-2618) */
  repaired?: boolean;
}

// OCR often glues the time printed after a date to it ("25/12/20188:13:39PM", "05Mar201818:24"):
// a year may run straight into a time
const GLUED_TIME = String.raw`(?=\d{1,2}[:.]\d{2})`;
// (also an ISO date-time: "2024-03-05T10:00:00Z"; and the East Asian "2024年3月5日", "2024년 3월 5일")
const ISO_RE = new RegExp(String.raw`\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:\b|(?=\d{1,2}:\d{2})|(?=T\d{2}:\d{2}))`, 'g');
const CJK_RE = /(?<!\d)(\d{4})\s?[年년]\s?(\d{1,2})\s?[月월]\s?(\d{1,2})\s?[日일]/g;
// Japan's era years ("令和6年3月15日": Reiwa 6 is 2024, 元年 its first) and Taiwan's Republic years ("民國113年")
const ERA_RE = /(令和|平成|民國|民国)\s?(\d{1,3}|元)\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})\s?日/g;
// Vietnam's "Ngày 15 tháng 03 năm 2024" (day, month, year in words)
const VIETNAMESE_RE = /(?<!\p{L})(?:ng[àa]y\s*)?(\d{1,2})\s*th[áa]ng\s*(\d{1,2})\s*(?:n[ăa]m\s*|,\s*)(\d{4})(?!\d)/giu;
const ERA_START: Record<string, number> = { 令和: 2018, 平成: 1988, 民國: 1911, 民国: 1911 };
// (not three groups of a longer run: a phone number printed in pairs, "01.48.26.44.81")
const NUMERIC_RE = new RegExp(String.raw`(?<![\d.,/-])(\d{1,2})\s?([./-])\s?(\d{1,2})\s?\2\s?((?:19|20)\d{2}|\d{2})(?:(?![\d/]|[.-]\d)|${GLUED_TIME})`, 'g');
const DAY_MONTH_RE = new RegExp(`(?<!\\d)(\\d{1,2})(?:st|nd|rd|th|er|e|º|\\.)?\\s*(?:of\\s+|de\\s+)?(${MONTH_RE})\\.?,?\\s*(?:de\\s+|del\\s+)?'?((?:19|20)\\d{2}|\\d{2})(?:(?!\\d)|${GLUED_TIME})`, 'giu');
// "02/Jan/2017", "15-JAN-18": a written month between the same two separators
const DAY_MONTH_SEP_RE = new RegExp(`(?<![\\d.,/-])(\\d{1,2})\\s?([-/.])\\s?(${MONTH_RE})\\s?\\2\\s?((?:19|20)\\d{2}|\\d{2})(?:(?!\\d)|${GLUED_TIME})`, 'giu');
// ("Mar4, 2023": the space after the month lost to the OCR)
// (year first: Hungary's "2024. március 15.", Lithuania's "2024 m. kovo 15 d." — the year's dot or "m." printed: "Echo Dot 2020 Gen 4" is no date)
const YEAR_MONTH_DAY_RE = new RegExp(`(?<![\\d.])((?:19|20)\\d{2})(?:\\.|\\s+m\\.)\\s*(${MONTH_RE})\\s*(\\d{1,2})\\.?(?!\\d)`, 'giu');
const MONTH_DAY_RE = new RegExp(`(?<![\\p{L}])(${MONTH_FIRST_RE})\\.?\\s*(\\d{1,2})(?:st|nd|rd|th)?\\s*,?\\s*(\\d{4})(?:(?!\\d)|${GLUED_TIME})`, 'giu');
// A restaurant till's "Sep07'18" / "Jul 15'17" (month, day, an apostrophe and the year's two digits), and
// the time stamp of a system clock, "SUN JUN 24 20:49:53 2018" (the time between the day and the year)
const MONTH_DAY_APOSTROPHE_RE = new RegExp(`(?<![\\p{L}])(${MONTH_FIRST_RE})\\.?\\s?(\\d{1,2})\\s?['’](\\d{2})(?!\\d)`, 'giu');
const CLOCK_STAMP_RE = new RegExp(`(?<![\\p{L}])(${MONTH_FIRST_RE})\\.?\\s+(\\d{1,2})\\s+\\d{1,2}:\\d{2}(?::\\d{2})?\\s+((?:19|20)\\d{2})(?!\\d)`, 'giu');

// A till prints the time with dots as often as with colons ("12.17.26 PM", "Time: 09.20.00"): a
// triple of two-digit parts that reads as a clock (hours, minutes, seconds) and stands where a
// time stands — after a time label, before am/pm, or after the date on the same line — is a time.
const TIME_LABEL_BEFORE = /\b(?:time|masa|waktu|hora|zeit|uhrzeit|heure|ora)\b\W{0,6}$/i;
const DATE_BEFORE = /(?:\d{1,2}\s?[./-]\s?\d{1,2}\s?[./-]\s?\d{2,4}|\d{4}[./-]\d{1,2}[./-]\d{1,2})[\s|,]+$/;
function isClockTime(text: string, m: RegExpExecArray): boolean {
  if (m[2] !== '.' || m[4].length !== 2) return false;
  if (+m[1] > 23 || +m[3] > 59 || +m[4] > 59 || m[3].length !== 2) return false;
  const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
  const before = text.slice(lineStart, m.index);
  const after = text.slice(m.index + m[0].length, m.index + m[0].length + 8);
  return TIME_LABEL_BEFORE.test(before) || /^\s*[ap]\.?\s?m\b/i.test(after) || DATE_BEFORE.test(before);
}

// A date printed or read without its separators ("27032018", "Date02122017", "25032018 13:11:54"):
// eight digits are a date only where a date stands — right after a date label, right before a
// time, or alone in a cell of their own — and only when they make a real date.
const COMPACT_RE = /(?<!\d)(\d{8})(?!\d)/g;
const DATE_LABEL_BEFORE = /(?:\b(?:date|dated|dt|datum|fecha|data|tarikh|tanggal)\.?\s*[:#]?\s*)$/i;
// a time: with a colon, or with dots when it has seconds or am/pm ("1.50" after a code is a price)
const TIME_AFTER = /^\s{0,3}(?:\d{1,2}:\d{2}|\d{1,2}\.\d{2}(?:\.\d{2}|\s?[ap]\.?m\b))/i;
/** Whether a match stands where a date stands: after a date label, before a time, or alone in its cell. */
function whereDateStands(text: string, m: RegExpExecArray): boolean {
  const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
  const lineEnd = text.indexOf('\n', m.index);
  const before = text.slice(lineStart, m.index);
  const after = text.slice(m.index + m[0].length, lineEnd < 0 ? undefined : lineEnd);
  if (TIME_LABEL_BEFORE.test(before)) return false;
  const ownCell = /(?:^|\|)\s*$/.test(before) && /^\s*(?:\||$)/.test(after);
  return DATE_LABEL_BEFORE.test(before) || TIME_AFTER.test(after) || ownCell;
}
function compactDate(text: string, m: RegExpExecArray, order: DayOrder): string | null {
  if (!whereDateStands(text, m)) return null;
  const d = m[1];
  const [p, q, y] = [+d.slice(0, 2), +d.slice(2, 4), +d.slice(4)];
  if (/^(?:19|20)/.test(d.slice(4))) return order === 'mdy' ? valid(y, p, q) : valid(y, q, p);
  if (/^(?:19|20)/.test(d)) return valid(+d.slice(0, 4), +d.slice(4, 6), +d.slice(6));
  return null;
}

// OCR reads a 0 as 6, 8 or 9 ("19/62/2018", "12-02-2618", "17/83/2817"): a numeric date with a
// four-digit year that is impossible as read, but real with such a digit read back as 0 (any
// digit for the century's: "12/03/2518").
const REPAIR_RE = new RegExp(String.raw`(?<![\d.,/-])(\d{1,2})\s?([./-])\s?(\d{2})\s?\2\s?(2\d{3})(?:(?![\d/])|${GLUED_TIME})`, 'g');
function repairZero(part: string, ok: (n: number) => boolean): string | null {
  if (ok(+part)) return part;
  const fixed = part.replace(/^([12]?)[689]/, '$10');
  return fixed !== part && ok(+fixed) ? fixed : null;
}

// A separator the OCR lost or misread: a space for one of a slash or dash pair ("05 02-18"), a
// comma for one of them ("10.08,2017"), or a 1 for the second slash ("10/0812017"). Read anywhere
// with a four-digit year; a two-digit one only with a space, and only where a date stands.
const BUDDHIST_ERA_RE = /(?<![\d.,/-])(\d{1,2})(\/)(\d{1,2})\/(25[4-9]\d)(?![\d/-])/g;
const BUDDHIST_ERA_OFFSET = 543;
const LOOSE_RE = new RegExp(String.raw`(?<![\d.,/-])(\d{1,2})(?:\s?([./,-])\s?|(\s))(\d{1,2})(?:\s?([./,-])\s?|(\s)|[1Il|](?=(?:19|20)\d{2}))((?:19|20)\d{2}|\d{2})(?:(?![\d/])|${GLUED_TIME})`, 'g');

/** The ISO date of a year, month and day that exist (two-digit years are this century's), else null. */
export function valid(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  if (y < 1990 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Every date in a text, in order of appearance. */
/** "05-05-2 018": a space the OCR put inside the year, moved after it (the positions stay as printed). */
const yearMended = (text: string) => text.replace(/(\b\d{1,2}[-./]\d{1,2}[-./])(\d)\s(\d{3})\b/g, '$1$2$3 ');

/**
 * "0l.02.2024", "01.02.2O24": a letter the OCR read for a look-alike digit inside a date (O for 0, l, I or | for 1) — at
 * most two of them among five digits or more, in a run of digits and separators of a date's shape (the positions stay).
 */
// (also year first: "2O24-03-05", whose "24-03-05" would otherwise be read as a date of 2005)
const DATE_WITH_LETTERS = /(?<![\p{L}\d])(?:[\dOoIl|]{1,2}[./-][\dOoIl|]{1,2}[./-][\dOoIl|]{2,4}|[12][\dOoIl|]{3}[./-][\dOoIl|]{1,2}[./-][\dOoIl|]{1,2})(?![\p{L}\d])/gu;
const lettersMended = (text: string) => {
  // (a few per text: a line prints a date or two, and a hostile run of them is left as read)
  let mends = 0;
  return text.replace(DATE_WITH_LETTERS, (m) => {
    const letters = (m.match(/[OoIl|]/g) ?? []).length;
    if (letters < 1 || letters > 2 || (m.match(/\d/g) ?? []).length < 5 || ++mends > 3) return m;
    return m.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1');
  });
};

export function findDates(printed: string, order: DayOrder): DateMatch[] {
  const asRead = yearMended(printed);
  const text = lettersMended(asRead);
  const out: DateMatch[] = [];
  const taken: [number, number][] = [];
  const push = (m: RegExpExecArray, iso: string | null, ambiguous = false, how: Pick<DateMatch, 'compact' | 'repaired'> = {}) => {
    if (!iso) return;
    const start = m.index;
    const end = m.index + m[0].length;
    if (taken.some(([a, b]) => start < b && end > a)) return;
    taken.push([start, end]);
    // (a date whose letters were read back as digits is a repaired one)
    const mended = asRead.slice(start, end) !== m[0];
    out.push({ iso, index: start, length: m[0].length, ambiguous, text: m[0], ...how, ...(mended ? { repaired: true } : {}) });
  };
  for (const m of text.matchAll(ISO_RE)) push(m, valid(+m[1], +m[2], +m[3]));
  for (const m of text.matchAll(CJK_RE)) push(m, valid(+m[1], +m[2], +m[3]));
  for (const m of text.matchAll(VIETNAMESE_RE)) push(m, valid(+m[3], +m[2], +m[1]));
  for (const m of text.matchAll(ERA_RE)) push(m, valid(ERA_START[m[1]] + (m[2] === '元' ? 1 : +m[2]), +m[3], +m[4]));
  // (before a day and month: in "#04 MAR.19'17" and "Tbl 12/1 Mar18'18" the number before the month is no day)
  for (const m of text.matchAll(MONTH_DAY_APOSTROPHE_RE)) push(m, valid(+m[3], MONTHS[m[1].toLowerCase()], +m[2]));
  for (const m of text.matchAll(CLOCK_STAMP_RE)) push(m, valid(+m[3], MONTHS[m[1].toLowerCase()], +m[2]));
  for (const m of text.matchAll(DAY_MONTH_RE)) push(m, valid(+m[3], MONTHS[m[2].toLowerCase()], +m[1]));
  for (const m of text.matchAll(DAY_MONTH_SEP_RE)) push(m, valid(+m[4], MONTHS[m[3].toLowerCase()], +m[1]));
  for (const m of text.matchAll(YEAR_MONTH_DAY_RE)) push(m, valid(+m[1], MONTHS[m[2].toLowerCase()], +m[3]));
  for (const m of text.matchAll(MONTH_DAY_RE)) push(m, valid(+m[3], MONTHS[m[1].toLowerCase()], +m[2]));
  for (const m of text.matchAll(NUMERIC_RE)) {
    if (isClockTime(text, m)) continue;
    const a = +m[1];
    const b = +m[3];
    const y = +m[4];
    const dmy = valid(y, b, a);
    const mdy = valid(y, a, b);
    if (dmy && mdy && a !== b) push(m, order === 'mdy' ? mdy : dmy, true);
    else push(m, dmy ?? mdy);
  }
  // a Thai till's year of the Buddhist era ("14/03/2567 18:21"): 543 years ahead of the common era, day first
  // (with slashes, as Thai tills print it: "10-12-2550" is a part's code)
  for (const m of text.matchAll(BUDDHIST_ERA_RE)) push(m, valid(+m[4] - BUDDHIST_ERA_OFFSET, +m[3], +m[1]));
  for (const m of text.matchAll(REPAIR_RE)) {
    if (valid(+m[4], +m[3], +m[1]) || valid(+m[4], +m[1], +m[3])) continue; // real as read
    if (/^25[4-9]\d$/.test(m[4])) continue; // (a Buddhist era's year, read above)
    // no document is dated past 2100: a year read so has its century digit slipped, whatever it became
    const y = +m[4] > 2100 ? `20${m[4].slice(2)}` : m[4];
    if (!y) continue;
    // the part in the month's place is repaired; the day's may be too
    const [dayPart, monthPart] = order === 'mdy' ? [m[3], m[1]] : [m[1], m[3]];
    const month = repairZero(monthPart, (n) => n >= 1 && n <= 12);
    const day = repairZero(dayPart, (n) => n >= 1 && n <= 31);
    if (!month || !day) continue;
    push(m, valid(+y, +month, +day), false, { repaired: true });
  }
  for (const m of text.matchAll(LOOSE_RE)) {
    const [s1, s2] = [m[2] ?? m[3], m[5] ?? m[6] ?? '1'];
    const seps = s1 + s2;
    if (s1 === s2 && s1 !== ',' && s1.trim()) continue; // printed whole: read above, or not a date
    if (!s1.trim() && !s2.trim()) continue; // three numbers in a row
    const fourDigits = m[7].length === 4;
    // a space with a decimal point or a comma is a price and a count ("3.10 2019"), not a date
    if (/\s/.test(seps) && /[.,]/.test(seps)) continue;
    // a comma, or a 1 for a slash, only before a four-digit year; the 1 only after a slash or dash
    if ((/,/.test(seps) || s2 === '1') && !fourDigits) continue;
    if (s2 === '1' && !/[/-]/.test(s1)) continue;
    // a two-digit year only where a date stands
    if (!fourDigits && !whereDateStands(text, m)) continue;
    const [a, b, y] = [+m[1], +m[4], +m[7]];
    const dmy = valid(y, b, a);
    const mdy = valid(y, a, b);
    push(m, order === 'mdy' ? (mdy ?? dmy) : (dmy ?? mdy), !!(dmy && mdy && a !== b), { repaired: true });
  }
  for (const m of text.matchAll(COMPACT_RE)) {
    push(m, compactDate(text, m, order), false, { compact: true });
  }
  return out.sort((x, y) => x.index - y.index);
}

/**
 * Day-first or month-first for the document: a numeric date with a part over 12
 * decides; otherwise the seller's country (month first in the United States and a few
 * others, day first nearly everywhere else); without one, "/" means month-first in
 * US-dollar documents, and "." or "-" day-first.
 */
/** How sure the country must be to order a document's dates when none of them is unambiguous. */
const COUNTRY_ORDER_CONFIDENCE = 0.25;
/** How sure the country must be to outweigh a single date printed the other way round. */
const SURE_ORDER_COUNTRY = 0.85;

/** Whether the document's own dates settle day-first or month-first (a numeric date with a part over 12 among them). */
export function orderPrinted(text: string): boolean {
  let dmy = 0;
  let mdy = 0;
  for (const m of text.matchAll(NUMERIC_RE)) {
    if (isClockTime(text, m)) continue;
    const [a, b] = [+m[1], +m[3]];
    if (a > 12 && b <= 12) dmy++;
    if (b > 12 && a <= 12) mdy++;
  }
  return dmy !== mdy;
}

export function documentDayOrder(text: string, currency: string | null, country?: { value: string | null; confidence: number }, ocr = false): DayOrder {
  let dmy = 0;
  let mdy = 0;
  let slash = 0;
  let other = 0;
  let mdyDotted = 0;
  for (const m of text.matchAll(NUMERIC_RE)) {
    if (isClockTime(text, m)) continue;
    // a part number ("RC11-23-42") makes no date of this century's past or near future: no vote
    const year = m[4].length === 2 ? 2000 + +m[4] : +m[4];
    if (year > new Date().getUTCFullYear() + 1) continue;
    const a = +m[1];
    const b = +m[3];
    if (a > 12 && b <= 12) dmy++;
    if (b > 12 && a <= 12) {
      mdy++;
      if (m[2] === '.') mdyDotted++;
    }
    if (m[2] === '/') slash++;
    else other++;
  }
  const countryOrder = country?.value && country.confidence >= SURE_ORDER_COUNTRY ? (MONTH_FIRST_COUNTRIES.has(country.value) ? 'mdy' : 'dmy') : null;
  // in OCR text, one dotted date month-first against a sure day-first country, and none for it: a slipped
  // digit ("10.21.2025" for "10.01.2025") makes a date valid only the other way round (month-first dates are
  // written with slashes: "11/17/2017" on a French seller's English invoice is that order; a text layer has no slips)
  if (countryOrder === 'dmy' && dmy === 0 && mdy === 1 && mdyDotted === 1 && ocr) return countryOrder;
  if (dmy !== mdy) return dmy > mdy ? 'dmy' : 'mdy';
  // the due date after the document's date, within a few months, in one order only
  const byDue = dueDateOrder(text);
  if (byDue) return byDue;
  // no date of its own decides: the seller's country does, even when only a hint names it (the
  // language of a till's words, a town): month first is the order of a handful of countries
  if (country?.value && country.confidence >= COUNTRY_ORDER_CONFIDENCE) return MONTH_FIRST_COUNTRIES.has(country.value) ? 'mdy' : 'dmy';
  if (slash > other && (currency === 'USD' || currency === null)) return 'mdy';
  return 'dmy';
}

/** A line naming a date by which to pay ("Due date", "Payable by", "Fällig am", "Échéance", "Vencimiento"). */
const DUE_LINE = /\b(?:due|payable\s+(?:by|on|until)|pay\s+by|f[äa]llig\w*|zahlbar\s+bis|vencimiento|scadenza|vervaldatum|vervaldag)\b|(?<![A-Za-zÀ-ÿ])[ée]ch[ée]ance/i;
/** How long after its date a document's payment falls due at most (payment terms run to 90 days, some to 120). */
const LONGEST_TERMS_DAYS = 120;

/**
 * "Date: 03/04/2024" over "Due date: 04/03/2024" (with "Net 30"): read day first, the bill would fall due
 * a month before it was written. When the document's first date and the date on its due line are both
 * ambiguous, and only one order puts the due date on or after the document's date within the longest
 * payment terms, that order is the document's.
 */
function dueDateOrder(text: string): DayOrder | null {
  const ambiguousDates = (line: string) => [...line.matchAll(NUMERIC_RE)].filter((m) => +m[1] <= 12 && +m[3] <= 12 && m[1] !== m[3] && !isClockTime(line, m)).map((m) => ({ a: +m[1], b: +m[3], y: +m[4] }));
  let issued: { a: number; b: number; y: number } | undefined;
  let due: { a: number; b: number; y: number } | undefined;
  for (const line of text.split('\n')) {
    if (line.length > 300) continue;
    const [first] = ambiguousDates(line);
    if (!first) continue;
    if (DUE_LINE.test(line)) due ??= first;
    else issued ??= first;
    if (issued && due) break;
  }
  if (!issued || !due) return null;
  const fits = (order: DayOrder) => {
    const at = (d: { a: number; b: number; y: number }) => (order === 'dmy' ? valid(d.y, d.b, d.a) : valid(d.y, d.a, d.b));
    const [from, to] = [at(issued!), at(due!)];
    if (!from || !to) return false;
    const days = (Date.parse(to) - Date.parse(from)) / 86400_000;
    return days >= 0 && days <= LONGEST_TERMS_DAYS;
  };
  const [dmyFits, mdyFits] = [fits('dmy'), fits('mdy')];
  return dmyFits === mdyFits ? null : dmyFits ? 'dmy' : 'mdy';
}
