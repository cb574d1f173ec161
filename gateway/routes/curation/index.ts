// The curation area's routes: curated lists and their products, curated
// subscriptions, curator earnings with their totals and payouts.
import { defineArea } from '../area.js';
import listsList from './curated-lists/list.js';
import listsCreate from './curated-lists/create.js';
import listsRead from './curated-lists/read.js';
import listsReadBySlug from './curated-lists/read-by-slug.js';
import listsUpdate from './curated-lists/update.js';
import listsDelete from './curated-lists/delete.js';
import itemsCreate from './curated-lists/items/create.js';
import itemsUpdate from './curated-lists/items/update.js';
import itemsDelete from './curated-lists/items/delete.js';
import subscriptionsList from './curated-subscriptions/list.js';
import subscriptionsCreate from './curated-subscriptions/create.js';
import subscriptionsRead from './curated-subscriptions/read.js';
import subscriptionsUpdate from './curated-subscriptions/update.js';
import earningsList from './curator-earnings/list.js';
import earningsRead from './curator-earnings/read.js';
import earningsTotals from './curator-earnings/totals.js';
import payoutsList from './curator-earnings/payouts/list.js';
import payoutsCreate from './curator-earnings/payouts/create.js';

export default defineArea({
  name: 'curation',
  tags: [
    { name: 'curated-lists', description: 'Curators\' named lists of products: public, unlisted (by slug) or for subscribers; free or priced' },
    { name: 'curated-subscriptions', description: 'Subscriptions to other curators\' lists: free at once, paid through the processor\'s checkout' },
    { name: 'curator-earnings', description: 'What curated lists earned (paid invoices less the platform fee, refunds reversed), totals and payouts' },
  ],
  routes: [
    listsList, listsCreate, listsRead, listsReadBySlug, listsUpdate, listsDelete,
    itemsCreate, itemsUpdate, itemsDelete,
    subscriptionsList, subscriptionsCreate, subscriptionsRead, subscriptionsUpdate,
    earningsList, earningsRead, earningsTotals,
    payoutsList, payoutsCreate,
  ],
});
