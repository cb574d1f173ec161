// The billing area's routes: plans, subscriptions, payment methods, billing history,
// the processor webhooks and the sandbox's hosted pages.
import { defineArea } from '../area.js';
import plansList from './subscription-plans/list.js';
import plansCreate from './subscription-plans/create.js';
import plansRead from './subscription-plans/read.js';
import plansUpdate from './subscription-plans/update.js';
import subscriptionsList from './user-subscriptions/list.js';
import subscriptionsCreate from './user-subscriptions/create.js';
import subscriptionsRead from './user-subscriptions/read.js';
import subscriptionsUpdate from './user-subscriptions/update.js';
import paymentMethodsList from './payment-methods/list.js';
import paymentMethodsCreate from './payment-methods/create.js';
import paymentMethodsRead from './payment-methods/read.js';
import paymentMethodsUpdate from './payment-methods/update.js';
import paymentMethodsDelete from './payment-methods/delete.js';
import billingHistoryList from './billing-history/list.js';
import billingHistoryRead from './billing-history/read.js';
import webhooks from './webhook.js';
import sandboxPages from './sandbox-pages.js';

export default defineArea({
  name: 'billing',
  tags: [
    { name: 'subscription-plans', description: 'Plans with prices in minor units and their limits (staff manage them)' },
    { name: 'user-subscriptions', description: 'The scope\'s subscription: checkout, cancel at period end, change plan' },
    { name: 'payment-methods', description: 'Processor tokens and display data only; card numbers are refused' },
    { name: 'billing-history', description: 'Invoices as the payment processor reported them' },
    { name: 'billing-webhooks', description: 'Signed payment-processor events' },
  ],
  routes: [
    plansList, plansCreate, plansRead, plansUpdate,
    subscriptionsList, subscriptionsCreate, subscriptionsRead, subscriptionsUpdate,
    paymentMethodsList, paymentMethodsCreate, paymentMethodsRead, paymentMethodsUpdate, paymentMethodsDelete,
    billingHistoryList, billingHistoryRead,
    ...webhooks,
    ...sandboxPages,
  ],
});
