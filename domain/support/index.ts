// The support area's services, built once per process.
import type { Platform } from '../../db/platform.js';
import type { NotificationService } from '../notifications/notification-service.js';
import type { MailService } from '../shared/mail-service.js';
import type { RateLimits } from '../shared/rate-limits.js';
import { SupportBudgets } from './support-budgets.js';
import { StaffDigest } from './staff-digest.js';
import { HelpCategoryService } from './help-category-service.js';
import { TicketAttachmentStore } from './ticket-attachments.js';
import { TicketCrypto } from './ticket-crypto.js';
import { TicketNotifier } from './ticket-notifier.js';
import { TicketPresenter } from './ticket-presenter.js';
import { TicketSearch } from './ticket-search.js';
import { TicketService } from './ticket-service.js';
import { TicketTypeService } from './ticket-type-service.js';

export interface SupportServices {
  tickets: TicketService;
  search: TicketSearch;
  types: TicketTypeService;
  categories: HelpCategoryService;
  notifier: TicketNotifier;
  digest: StaffDigest;
  crypto: TicketCrypto;
}

export function createSupportServices(platform: Platform, deps: { notifications: NotificationService; mail: MailService; limits: RateLimits }): SupportServices {
  const crypto = new TicketCrypto(platform.config);
  const types = new TicketTypeService(platform);
  const categories = new HelpCategoryService(platform);
  const presenter = new TicketPresenter(platform, crypto, types, categories);
  return {
    tickets: new TicketService(platform, { types, categories, attachments: new TicketAttachmentStore(platform), presenter, crypto, budgets: new SupportBudgets(platform, deps.limits) }),
    search: new TicketSearch(platform, crypto, presenter),
    types,
    categories,
    notifier: new TicketNotifier(platform, deps.notifications, deps.mail),
    digest: new StaffDigest(platform, deps.mail),
    crypto,
  };
}
