// The FAQ articles the AI support chat answers from, in English, German, French and
// Spanish. Each slug and language is seeded once (faq_seed_log remembers it): staff own
// the articles afterwards through the API, so a release neither overwrites an edit nor
// brings back an article they deleted.
import type { Knex } from 'knex';
import type { SeedArticle } from './faq/types.js';
import { EN } from './faq/en.js';
import { DE } from './faq/de.js';
import { FR } from './faq/fr.js';
import { ES } from './faq/es.js';

export const FAQ_ARTICLES: Record<string, SeedArticle[]> = { en: EN, de: DE, fr: FR, es: ES };

export async function seedFaqArticles(knex: Knex): Promise<void> {
  const seeded = new Set((await knex('faq_seed_log').select('slug', 'language')).map((r) => `${r.language}/${r.slug}`));
  const missing = Object.entries(FAQ_ARTICLES).flatMap(([language, articles]) => articles.filter((a) => !seeded.has(`${language}/${a.slug}`)).map((a) => ({ ...a, language })));
  // nothing new: no write, so the FAQ index revision stays put
  if (missing.length === 0) return;
  const categories = new Map<string, string>((await knex('help_categories').select('id', 'slug')).map((c) => [c.slug, c.id]));
  await knex.transaction(async (trx) => {
    await trx('faq_articles')
      .insert(missing.map((a) => ({ slug: a.slug, language: a.language, title: a.title, body: a.body, help_category_id: categories.get(a.category) ?? null, is_published: true })))
      .onConflict(['slug', 'language'])
      .ignore();
    await trx('faq_seed_log').insert(missing.map((a) => ({ slug: a.slug, language: a.language }))).onConflict(['slug', 'language']).ignore();
  });
}
