// /api/help-categories/: the help categories of tickets and FAQ articles (translated; staff manage them).
import { translatedList } from '../translated-list.js';
import { categoryId, HelpCategoryCreateIn, HelpCategoryOut, HelpCategoryPatchIn } from './schemas.js';

export const helpCategories = translatedList({
  tag: 'help-categories',
  label: 'HelpCategory',
  key: 'id',
  keySchema: categoryId,
  service: (s) => s.support.categories,
  schemas: { out: HelpCategoryOut, createIn: HelpCategoryCreateIn, patchIn: HelpCategoryPatchIn },
  texts: {
    list: {
      description: 'Help categories (active ones, translated, by sort_order)',
      notes: 'A read-only array (no pages). `title` and `name` both carry the translated name: the first of the Accept-Language languages (by q), the profile language, English. `article_count` counts published FAQ articles. Staff may add include_inactive=true to see inactive ones with their translations.',
    },
    read: { description: 'One help category (inactive ones: staff only)' },
    create: { description: 'Create a help category (staff)' },
    update: { description: 'Change a help category (staff)' },
    delete: { description: 'Delete a help category (staff)', notes: 'Tickets lose the category; its FAQ articles stay without one. To hide it instead, PATCH is_active false.' },
  },
});
