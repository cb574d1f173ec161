// /api/help-categories/: the help categories of tickets and FAQ articles (translated; staff manage them).
import type { TranslatedList } from '../translated-list.js';
import { categoryId, HelpCategoryCreateIn, HelpCategoryOut, HelpCategoryPatchIn } from './schemas.js';

export const helpCategories: TranslatedList = {
  path: '/api/help-categories/',
  key: 'id',
  keySchema: categoryId,
  tag: 'help-categories',
  service: (s) => s.support.categories,
  out: HelpCategoryOut,
  createIn: HelpCategoryCreateIn,
  patchIn: HelpCategoryPatchIn,
  listLabels: { query: 'HelpCategoryListQuery', answer: 'HelpCategoryList' },
  texts: {
    list: {
      description: 'Help categories (active ones, translated, by sort_order)',
      notes: 'A read-only array (no pages). `title` and `name` both carry the translated name: the first of the Accept-Language languages (by q), the profile language, English. `article_count` counts published FAQ articles. Staff may add include_inactive=true to see inactive ones with their translations.',
    },
    read: { description: 'One help category (inactive ones: staff only)' },
    create: { description: 'Create a help category (staff)', notes: 'slug unique (409 slug_taken); name is English, other languages go in translations.' },
    update: { description: 'Change a help category (staff)', notes: 'Only the fields sent change; translations, when sent, replace all translations.' },
    delete: { description: 'Delete a help category (staff)', notes: 'Tickets lose the category; its FAQ articles stay without one. To hide it instead, PATCH is_active false.' },
  },
};
