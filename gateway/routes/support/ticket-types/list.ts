import { translatedRoute } from '../translated-list.js';
import { ticketTypes } from './collection.js';

export default translatedRoute(ticketTypes, 'list');
