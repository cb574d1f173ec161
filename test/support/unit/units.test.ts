// Pure parts of the support area: time format, language preference, word
// normalisation, ticket numbers, status rules.
import test from 'ava';
import { maskDigits } from '../../../domain/support/support-mail.js';
import { formatTicketTime, languagePreferences, translated } from '../../../domain/support/locale.js';
import { normaliseWords } from '../../../domain/support/blind-index.js';
import { checkStatusMove, randomTicketNumber, statusAfterOwnerReply, TICKET_NUMBER_ALPHABET } from '../../../domain/support/ticket-rules.js';
import { isPlainText, safeName } from '../../../domain/support/ticket-attachments.js';

test('formatTicketTime: DD/MM/YYYY HH:MM:SS plus the zone offset at that instant', (t) => {
  const instant = new Date('2026-01-05T23:04:05.678Z');
  t.is(formatTicketTime(instant), '05/01/2026 23:04:05+0000');
  t.is(formatTicketTime(instant, 'Europe/Berlin'), '06/01/2026 00:04:05+0100');
  t.is(formatTicketTime(new Date('2026-07-05T23:04:05Z'), 'Europe/Berlin'), '06/07/2026 01:04:05+0200', 'summer time');
  t.is(formatTicketTime(instant, 'America/St_Johns'), '05/01/2026 19:34:05-0330');
  t.is(formatTicketTime(instant, 'Asia/Kolkata'), '06/01/2026 04:34:05+0530');
  t.is(formatTicketTime(instant, 'Not/AZone'), '05/01/2026 23:04:05+0000', 'unknown zones fall back to UTC');
  t.is(formatTicketTime('2026-03-01T00:00:00Z'), '01/03/2026 00:00:00+0000');
});

test('languagePreferences: header by q, regions then base language, profile, English last', (t) => {
  t.deepEqual(languagePreferences(undefined), ['en']);
  t.deepEqual(languagePreferences('de-AT,fr;q=0.8,en;q=0.1', 'es'), ['de-at', 'de', 'fr', 'en', 'es']);
  t.deepEqual(languagePreferences('fr;q=0.2, de;q=0.9', null), ['de', 'fr', 'en']);
  t.deepEqual(languagePreferences('*;q=0.5, xx-$$, de;q=0', 'pt_BR'), ['pt-br', 'pt', 'en']);
  t.deepEqual(languagePreferences('x'.repeat(5000), 'de'), ['de', 'en']);
  const tr = { de: { name: 'Abrechnung' }, 'pt-br': { name: 'Faturamento' } };
  t.is(translated('Billing', tr, 'name', ['pt-br', 'pt', 'en']), 'Faturamento');
  t.is(translated('Billing', tr, 'name', ['fr', 'en', 'de']), 'Billing', 'English ends the search');
  t.is(translated('Billing', { de: { name: '  ' } }, 'name', ['de', 'en']), 'Billing', 'blank translations are skipped');
});

test('normaliseWords: lower case, accents stripped, split on non-letters, short words dropped, long ones cut', (t) => {
  t.deepEqual(normaliseWords('Café-Crème, NAÏVE! a 42 x_y'), ['cafe', 'creme', 'naive', '42']);
  t.deepEqual(normaliseWords('TKT-AB23CD45'), ['tkt', 'ab23cd45']);
  t.deepEqual(normaliseWords('Straße ＡＢＣ 東京 mañana'), ['straße', 'abc', '東京', 'manana']);
  t.is(normaliseWords('z'.repeat(100))[0].length, 64);
  t.is(normaliseWords(Array.from({ length: 5000 }, (_, i) => `w${i}`).join(' ')).length, 4000);
  t.deepEqual(normaliseWords('dup Dup DUP'), ['dup']);
});

test('ticket numbers: TKT- plus eight unambiguous characters', (t) => {
  t.false(/[01IO]/.test(TICKET_NUMBER_ALPHABET));
  t.is(TICKET_NUMBER_ALPHABET.length, 32);
  const seen = new Set<string>();
  for (let i = 0; i < 2000; i += 1) {
    const n = randomTicketNumber();
    t.regex(n, /^TKT-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
    seen.add(n);
  }
  t.is(seen.size, 2000);
});

test('status rules', (t) => {
  const user = { userId: 'u', isStaff: false };
  const staff = { userId: 's', isStaff: true };
  t.throws(() => checkStatusMove(user, 'pending', null), { message: /staff/ });
  t.notThrows(() => checkStatusMove(staff, 'pending', null));
  t.throws(() => checkStatusMove(staff, 'resolved', null), { message: /resolution/ });
  t.notThrows(() => checkStatusMove(user, 'resolved', 'done'));
  t.is(statusAfterOwnerReply('resolved'), 'open');
  t.is(statusAfterOwnerReply('pending'), 'open');
  t.is(statusAfterOwnerReply('in_progress'), null);
  t.is(statusAfterOwnerReply('open'), null);
});

test('attachment helpers: plain text by content, safe names', (t) => {
  t.true(isPlainText(Buffer.from('hello\tworld\r\n')));
  t.true(isPlainText(Buffer.from('ünïcödé ✓')));
  t.false(isPlainText(Buffer.from([0x68, 0x00, 0x69])));
  t.false(isPlainText(Buffer.from([0xc3, 0x28])), 'invalid UTF-8');
  t.false(isPlainText(Buffer.from('bell\u0007')));
  t.is(safeName('C:\\Users\\me\\report.pdf'), 'report.pdf');
  t.is(safeName('../../etc/passwd'), 'passwd');
  t.is(safeName('a"b\u0000c\n.txt'), 'abc.txt');
  t.is(safeName(undefined), '');
});

test('maskDigits: runs of 8+ digits (spaces or dashes between) keep their last 4; shorter numbers stay', (t) => {
  t.is(maskDigits('Card 4111 1111 1111 1234 declined'), 'Card ••••••••••••1234 declined');
  t.is(maskDigits('IBAN part 12345678'), 'IBAN part ••••5678');
  t.is(maskDigits('call 0800-123-4567 now'), 'call •••••••4567 now');
  t.is(maskDigits('Error 1234567 on shelf 42'), 'Error 1234567 on shelf 42');
  t.is(maskDigits('Scanner beeps'), 'Scanner beeps');
});
