// The curation services of one process (services.curation): curated lists and their
// products, curated subscriptions (paid ones through the billing area's checkout)
// and curator earnings with their payouts.
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { SubscriptionService } from '../billing/subscription-service.js';
import { CuratedListService } from './list-service.js';
import { CuratedSubscriptionService } from './subscription-service.js';
import { CuratorEarningsService } from './earnings-service.js';

export interface CurationServices {
  lists: CuratedListService;
  subscriptions: CuratedSubscriptionService;
  /** read-only for curators; staff record payouts; recordInvoice is the billing event job's hook */
  earnings: CuratorEarningsService;
}

export function createCurationServices(platform: Platform, deps: { audit: AuditService; billingSubscriptions: () => SubscriptionService }): CurationServices {
  return {
    lists: new CuratedListService(platform, deps.audit),
    subscriptions: new CuratedSubscriptionService(platform, deps.audit, deps.billingSubscriptions),
    earnings: new CuratorEarningsService(platform, deps.audit),
  };
}
