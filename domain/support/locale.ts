// Language and time zone of whoever reads support data.
//
// Language: translated names (ticket types, help categories) are picked per row from a
// preference list: the Accept-Language header's languages by quality, then the
// profile's language, then English, which every row has (its base `name`).
//
// Time: created_at/updated_at are shown as `DD/MM/YYYY HH:MM:SS±HHMM` in the reader's
// profile time zone (UTC when the profile has none or an unknown one), the offset
// being that zone's offset at that instant.

export const FALLBACK_LANGUAGE = 'en';

/** A language code as stored in translations: lower case, region kept ("pt-br"). */
export function normaliseLanguage(code: string): string | null {
  const c = code.trim().toLowerCase().replace(/_/g, '-');
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(c) ? c : null;
}

/**
 * The preference list: header languages by descending q (a region code is followed
 * by its base language), then the profile's language, then English; no duplicates.
 */
export function languagePreferences(acceptLanguage: string | undefined, profileLanguage?: string | null): string[] {
  const ranked: { code: string; q: number; order: number }[] = [];
  for (const [order, part] of (acceptLanguage ?? '').split(',').slice(0, 20).entries()) {
    const [tag, ...params] = part.split(';');
    const code = normaliseLanguage(tag ?? '');
    if (!code) continue; // also drops "*"
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    ranked.push({ code, q, order });
  }
  ranked.sort((a, b) => b.q - a.q || a.order - b.order);
  const out: string[] = [];
  const add = (code: string | null | undefined) => {
    if (code && !out.includes(code)) out.push(code);
  };
  for (const { code } of ranked) {
    add(code);
    add(code.split('-')[0]);
  }
  const profile = profileLanguage ? normaliseLanguage(profileLanguage) : null;
  add(profile);
  add(profile?.split('-')[0]);
  add(FALLBACK_LANGUAGE);
  return out;
}

export type Translations = Record<string, Record<string, string | undefined> | undefined>;

/** The first translation of `field` in the preferred languages, else the base (English) value. */
export function translated(base: string, translations: Translations | null | undefined, field: string, languages: string[]): string {
  for (const lang of languages) {
    if (lang === FALLBACK_LANGUAGE) return base;
    const v = translations?.[lang]?.[field];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return base;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isKnownTimeZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** `DD/MM/YYYY HH:MM:SS±HHMM` in `timeZone` (e.g. "22/11/2026 09:05:03+0100"). */
export function formatTicketTime(value: Date | string, timeZone = 'UTC'): string {
  const date = value instanceof Date ? value : new Date(value);
  const zone = isKnownTimeZone(timeZone) ? timeZone : 'UTC';
  const p = Object.fromEntries(formatterFor(zone).formatToParts(date).map((x) => [x.type, x.value])) as Record<string, string>;
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  const offsetMinutes = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}:${p.second}${offset}`;
}
