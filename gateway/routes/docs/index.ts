// The API documentation pages (Swagger UI, Markdown, docs login); not themselves in the OpenAPI document: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import docsMarkdown from './markdown.js';
import docsLogin from './login.js';
import docsUi from './ui.js';

export default defineArea({
  name: 'docs',
  tags: [],
  routes: [
    docsMarkdown,
    docsLogin,
    docsUi,
  ],
});
