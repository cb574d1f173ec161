// Words of a question or an article as the FAQ index sees them: lower-cased, accents
// kept (they matter in German and French), stop words of the language dropped and a
// light suffix stemming, applied the same way to articles and to questions.

const STOP_WORDS: Record<string, string[]> = {
  en: 'a about after again all also am an and any are as at be been before being below between both but by can cannot could did do does doing done down during each few for from further get gets getting got had has have having he her here hers him his how i if in into is it its itself just let me more most my myself no nor not now of off on once only or other our ours out over own please same she should so some such than that the their theirs them then there these they this those through to too under until up very want was we were what when where which while who whom why will with would you your yours yourself hi hello thanks thank need needs using use used way ways'.split(' '),
  de: 'aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus bei bin bis bist da damit dann das dass dein deine dem den denn der des die dies diese diesem diesen dieser dieses doch dort du durch ein eine einem einen einer eines er es etwas euer eure für hab habe haben hat hatte hier hin hinter ich ihr ihre im in ist ja jede jedem jeden jeder jedes kann kein keine man mein meine mich mir mit muss nach nicht nichts noch nun nur ob oder ohne sehr sein seine sich sie sind so soll über um und uns unser unter vom von vor was weil welche welchem welchen welcher wenn wer wie wieder will wir wird wo wollen zu zum zur wieso weshalb warum bitte hallo danke möchte kann können'.split(' '),
  fr: 'a à au aux avec ce ces comment dans de des du elle en est et eux il ils je la le les leur lui ma mais me même mes moi mon ne nos notre nous on ou où par pas pour qu que qui sa se ses son sur ta te tes toi ton tu un une vos votre vous c d j l m n s t y été être avoir ai as avons avez ont suis es sommes êtes sont fait faire puis peux peut pouvez veux voudrais bonjour merci svp quoi quel quelle quels quelles'.split(' '),
  es: 'a al algo como con cual cuando de del desde donde el ella ellos en entre es esta este esto estos fue ha hay la las le les lo los me mi mis muy no nos o para pero por que qué quien se si sin sobre su sus también te tengo tiene tu un una uno unos y ya yo cómo puedo puede quiero hola gracias favor hacer hago'.split(' '),
};
const STOP = Object.fromEntries(Object.entries(STOP_WORDS).map(([lang, words]) => [lang, new Set(words)]));

/** The primary subtag of a language code: `de-AT` → `de`. */
export function primaryLanguage(code: string): string {
  return code.toLowerCase().split(/[-_]/)[0] || 'en';
}

/** Splits on anything that is not a letter or a digit (Unicode-aware). */
export function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * A light stemmer: plural and a few inflection endings, so that "invoices" meets
 * "invoice" and "importing" meets "import". Deliberately conservative: a wrong stem
 * costs more than a missed one, and prefix search catches most of the rest.
 */
function stem(word: string, lang: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  if (lang === 'en') {
    if (word.endsWith('ies') && word.length > 5) return `${word.slice(0, -3)}y`;
    if (word.endsWith('ing') && word.length > 6) return word.slice(0, -3);
    if (word.endsWith('ed') && word.length > 5 && !word.endsWith('eed')) return word.slice(0, -2);
    if (word.endsWith('es') && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
    if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
    return word;
  }
  if (lang === 'de') {
    for (const end of ['ungen', 'en', 'er', 'es', 'e', 'n', 's']) if (word.endsWith(end) && word.length - end.length >= 4) return word.slice(0, -end.length);
    return word;
  }
  if (lang === 'fr' || lang === 'es') {
    for (const end of ['es', 's', 'x', 'e']) if (word.endsWith(end) && word.length - end.length >= 4) return word.slice(0, -end.length);
    return word;
  }
  return word;
}

/** MiniSearch's processTerm for one language: null drops the term. */
export function termProcessor(language: string): (term: string) => string | null {
  const lang = primaryLanguage(language);
  const stop = STOP[lang] ?? STOP.en;
  return (term) => {
    const word = term.toLowerCase();
    if (word.length < 2 || stop.has(word)) return null;
    return stem(word, lang);
  };
}

/** The distinct content terms of a question, as the index will look them up. */
export function contentTerms(text: string, language: string): string[] {
  const process = termProcessor(language);
  const out = new Set<string>();
  for (const token of tokenize(text)) {
    const term = process(token);
    if (term) out.add(term);
  }
  return [...out];
}
