// The fixed sentences of the chat's answers, per language (English is the fallback),
// and the words by which a user asks for a person rather than an article.
import { primaryLanguage } from './text-analysis.js';

export interface AnswerTexts {
  intro(title: string): string;
  seeAlso(title: string): string;
  notFound: string;
  offerAfterAnswer: string;
  offerOnRequest: string;
  fallback: Record<'timeout' | 'model_error' | 'invalid_output', string>;
  readArticle(title: string): string;
  askFollowUp: string;
  rephrase: string;
  browseCategories: string;
  createTicket: string;
  draftIntro: string;
  draftEarlier: string;
  draftArticles: string;
  draftNoArticles: string;
}

const en: AnswerTexts = {
  intro: (t) => `Here is what our help article “${t}” says:`,
  seeAlso: (t) => `See also “${t}”.`,
  notFound: "I'm sorry, I could not find an answer to that in our help articles. If you like, I can pass your question to our support team as a ticket: just confirm and I will create it.",
  offerAfterAnswer: 'If this does not solve it, I can create a support ticket for you: just confirm.',
  offerOnRequest: 'I have prepared a support ticket with your question. Confirm and I will create it for you.',
  fallback: {
    timeout: '(The AI assistant did not answer in time, so this answer comes straight from our help articles.)',
    model_error: '(The AI assistant is unavailable right now, so this answer comes straight from our help articles.)',
    invalid_output: '(The AI assistant gave an answer we could not use, so this answer comes straight from our help articles.)',
  },
  readArticle: (t) => `Read “${t}”`,
  askFollowUp: 'Ask a follow-up question',
  rephrase: 'Rephrase your question with more detail',
  browseCategories: 'Browse the help categories',
  createTicket: 'Create a support ticket',
  draftIntro: 'Question asked in the AI support chat:',
  draftEarlier: 'Earlier in the conversation:',
  draftArticles: 'Help articles the assistant found:',
  draftNoArticles: 'The assistant found no matching help article.',
};

const de: AnswerTexts = {
  intro: (t) => `Das steht in unserem Hilfeartikel „${t}“:`,
  seeAlso: (t) => `Siehe auch „${t}“.`,
  notFound: 'Dazu habe ich in unseren Hilfeartikeln leider keine Antwort gefunden. Wenn Sie möchten, gebe ich Ihre Frage als Ticket an unser Support-Team weiter: Bestätigen Sie einfach, dann lege ich es an.',
  offerAfterAnswer: 'Falls das nicht hilft, kann ich ein Support-Ticket für Sie anlegen: Bestätigen Sie einfach.',
  offerOnRequest: 'Ich habe ein Support-Ticket mit Ihrer Frage vorbereitet. Bestätigen Sie, dann lege ich es an.',
  fallback: {
    timeout: '(Der KI-Assistent hat nicht rechtzeitig geantwortet, daher stammt diese Antwort direkt aus unseren Hilfeartikeln.)',
    model_error: '(Der KI-Assistent ist gerade nicht erreichbar, daher stammt diese Antwort direkt aus unseren Hilfeartikeln.)',
    invalid_output: '(Die Antwort des KI-Assistenten war unbrauchbar, daher stammt diese Antwort direkt aus unseren Hilfeartikeln.)',
  },
  readArticle: (t) => `„${t}“ lesen`,
  askFollowUp: 'Eine Anschlussfrage stellen',
  rephrase: 'Die Frage genauer formulieren',
  browseCategories: 'Die Hilfekategorien durchsuchen',
  createTicket: 'Ein Support-Ticket anlegen',
  draftIntro: 'Frage im KI-Support-Chat:',
  draftEarlier: 'Vorher im Gespräch:',
  draftArticles: 'Vom Assistenten gefundene Hilfeartikel:',
  draftNoArticles: 'Der Assistent hat keinen passenden Hilfeartikel gefunden.',
};

const fr: AnswerTexts = {
  intro: (t) => `Voici ce que dit notre article d'aide « ${t} » :`,
  seeAlso: (t) => `Voir aussi « ${t} ».`,
  notFound: "Désolé, je n'ai pas trouvé de réponse à cette question dans nos articles d'aide. Si vous le souhaitez, je peux transmettre votre question à notre équipe de support sous forme de ticket : confirmez simplement et je le crée.",
  offerAfterAnswer: 'Si cela ne résout pas le problème, je peux créer un ticket de support pour vous : confirmez simplement.',
  offerOnRequest: "J'ai préparé un ticket de support avec votre question. Confirmez et je le crée pour vous.",
  fallback: {
    timeout: "(L'assistant IA n'a pas répondu à temps ; cette réponse provient donc directement de nos articles d'aide.)",
    model_error: "(L'assistant IA est indisponible pour le moment ; cette réponse provient donc directement de nos articles d'aide.)",
    invalid_output: "(La réponse de l'assistant IA était inutilisable ; cette réponse provient donc directement de nos articles d'aide.)",
  },
  readArticle: (t) => `Lire « ${t} »`,
  askFollowUp: 'Poser une autre question',
  rephrase: 'Reformuler la question avec plus de détails',
  browseCategories: "Parcourir les catégories d'aide",
  createTicket: 'Créer un ticket de support',
  draftIntro: 'Question posée dans le chat de support IA :',
  draftEarlier: 'Plus tôt dans la conversation :',
  draftArticles: "Articles d'aide trouvés par l'assistant :",
  draftNoArticles: "L'assistant n'a trouvé aucun article d'aide correspondant.",
};

const es: AnswerTexts = {
  intro: (t) => `Esto es lo que dice nuestro artículo de ayuda «${t}»:`,
  seeAlso: (t) => `Consulte también «${t}».`,
  notFound: 'Lo siento, no encontré una respuesta a eso en nuestros artículos de ayuda. Si quiere, puedo enviar su pregunta a nuestro equipo de soporte como ticket: confírmelo y lo creo.',
  offerAfterAnswer: 'Si esto no lo resuelve, puedo crear un ticket de soporte para usted: solo confírmelo.',
  offerOnRequest: 'He preparado un ticket de soporte con su pregunta. Confírmelo y lo crearé.',
  fallback: {
    timeout: '(El asistente de IA no respondió a tiempo, así que esta respuesta procede directamente de nuestros artículos de ayuda.)',
    model_error: '(El asistente de IA no está disponible ahora, así que esta respuesta procede directamente de nuestros artículos de ayuda.)',
    invalid_output: '(La respuesta del asistente de IA no era utilizable, así que esta respuesta procede directamente de nuestros artículos de ayuda.)',
  },
  readArticle: (t) => `Leer «${t}»`,
  askFollowUp: 'Hacer otra pregunta',
  rephrase: 'Reformular la pregunta con más detalle',
  browseCategories: 'Ver las categorías de ayuda',
  createTicket: 'Crear un ticket de soporte',
  draftIntro: 'Pregunta hecha en el chat de soporte con IA:',
  draftEarlier: 'Antes en la conversación:',
  draftArticles: 'Artículos de ayuda encontrados por el asistente:',
  draftNoArticles: 'El asistente no encontró ningún artículo de ayuda adecuado.',
};

const TEXTS: Record<string, AnswerTexts> = { en, de, fr, es };

export function answerTexts(language: string): AnswerTexts {
  return TEXTS[primaryLanguage(language)] ?? en;
}

/** "talk to a person", "open a ticket", "that did not help"… in the supported languages. */
const ASKS_FOR_PERSON = [
  /\b(human|person|agent|someone|somebody|staff|support team|real people|operator)\b/i,
  /\b(open|create|file|raise|submit|make)\b.{0,20}\b(ticket|case|request)\b/i,
  /\b(ticket)\b/i,
  /\b(didn'?t|did not|doesn'?t|does not|not)\s+(help|work|solve)/i,
  /(?<![A-Za-zÀ-ÿ])(mensch|mitarbeiter|support-team|supportteam|ticket|hat nicht geholfen|funktioniert nicht)(?![A-Za-zÀ-ÿ])/i,
  /(?<![A-Za-zÀ-ÿ])(humain|conseiller|quelqu'un|ticket|n'a pas aidé|ne fonctionne pas|ça ne marche pas)(?![A-Za-zÀ-ÿ])/i,
  /(?<![A-Za-zÀ-ÿ])(humano|persona|agente|ticket|no funciona|no me ayudó|no ayudó)(?![A-Za-zÀ-ÿ])/i,
];

export function asksForPerson(text: string): boolean {
  return ASKS_FOR_PERSON.some((re) => re.test(text));
}
