import { translatedRoute } from '../translated-list.js';
import { helpCategories } from './collection.js';

export default translatedRoute(helpCategories, 'read');
