// One FAQ article as seeded: `category` is a help category slug (support-defaults.ts).
export interface SeedArticle {
  slug: string;
  category: string;
  title: string;
  body: string;
}
