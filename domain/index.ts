// Builds the services of one process (web, worker, sandboxed child, script) over its
// platform handles (db/platform.ts).
import type { Config } from '../jobs/runtime/config.js';
import type { Platform } from '../db/platform.js';
import { TokenService } from './accounts/token-service.js';
import { OtpService } from './accounts/otp-service.js';
import { MailService } from './shared/mail-service.js';
import { AuditService } from './audit/audit-service.js';
import { AccountService } from './accounts/account-service.js';
import { TeamService } from './teams/team-service.js';
import { ProfileService } from './accounts/profile-service.js';
import { JobService, type JobWaiters } from './jobs/job-service.js';
import { NotificationService } from './notifications/notification-service.js';
import { RateLimits } from './shared/rate-limits.js';
import { AuthThrottle } from './accounts/auth-throttle.js';
import { ApiTokenService } from './accounts/api-token-service.js';
import { TeamMembershipService } from './teams/team-membership-service.js';
import { MediaStore } from './media/media-store.js';
import { KycService } from './kyc/kyc-service.js';
import { KycMirrorService } from './kyc/kyc-mirror-service.js';
import { KycClient } from './kyc/kyc-client.js';
import { KycReviewService } from './kyc/kyc-review-service.js';
import { StockLedger } from './inventory/stock-ledger.js';
import { InventoryAlertMonitor } from './inventory/inventory-alert-monitor.js';
import { createInventoryCollections, type InventoryCollections } from './inventory/index.js';
import { createCatalogServices, type CatalogServices } from './catalog/index.js';
import { createProjectedCatalogServices, type ProjectedCatalogServices } from './projected-catalog/index.js';
import { UserService } from './accounts/user-service.js';
import { InvoiceImportService } from './invoice-import/invoice-import-service.js';
import { createSupportChat, ticketPortOf, type SupportChat } from './support/chat/index.js';
import { createSupportServices, type SupportServices } from './support/index.js';
import { createDataProtectionServices, type DataProtectionServices } from './data-protection/index.js';
import { createReportServices, type ReportServices } from './reports/index.js';
import { createBillingServices, type BillingServices } from './billing/index.js';
import { createCurationServices, type CurationServices } from './curation/index.js';
import { createAdminServices, type AdminServices } from './admin/index.js';

export interface Services {
  tokens: TokenService;
  /** personal API tokens (create, list, revoke); TokenService authenticates them */
  apiTokens: ApiTokenService;
  otps: OtpService;
  mail: MailService;
  audit: AuditService;
  accounts: AccountService;
  teams: TeamService;
  /** invitations (accepted by the invitee), leaving and removing members */
  teamMembership: TeamMembershipService;
  profiles: ProfileService;
  jobs: JobService;
  notifications: NotificationService;
  limits: RateLimits;
  media: MediaStore;
  /** identity verification: proxy to the kyc microservice, the per-user mirror, status callbacks */
  kyc: KycService;
  /** staff review of in-house applicants through the microservice's staff API (audited) */
  kycReview: KycReviewService;
  /** the only writer of inventory item quantities (see inventory/stock-ledger.ts for the bulk API) */
  ledger: StockLedger;
  alerts: InventoryAlertMonitor;
  /** inventory icons/types, inventories, storages, boxes, items, transactions, alerts, audit logs */
  inventory: InventoryCollections;
  /** products, families, images, barcode scans, product searches, OCR/barcode-photo jobs */
  catalog: CatalogServices;
  /** the projected catalog API (/restqlapi): ?query= projections compiled to one statement, nested writes */
  projectedCatalog: ProjectedCatalogServices;
  users: UserService;
  /** invoice documents -> preview sessions -> all-or-nothing bulk stores (invoice-import/) */
  invoiceImport: InvoiceImportService;
  /** AI support chat: sessions and questions (chat), the answer job's work (answers), the FAQ index (knowledge) */
  supportChat: SupportChat;
  /** support tickets, their types and help categories, notifications, key rotation (support/) */
  support: SupportServices;
  /** GDPR data-export and data-deletion requests (data-protection/) */
  dataProtection: DataProtectionServices;
  /** reports and schedules, analytics, transaction logs, order lists (reports/) */
  reports: ReportServices;
  /** plans, subscriptions, payment methods, billing history, the processor and its webhook, plan limits (billing/) */
  billing: BillingServices;
  /** curated lists, curated subscriptions, curator earnings and payouts (curation/) */
  curation: CurationServices;
  /** the staff web application: its sessions, the generic lists, the account actions (admin/) */
  admin: AdminServices;
}

/**
 * The services of one process. Each is built on first use (and then kept), so a
 * worker or a sandboxed child builds only the services its queues' handlers touch,
 * while the web process ends up with all of them.
 */
export function createServices(platform: Platform, waiters: JobWaiters | null = null): Services {
  const s = {} as Services;
  const lazy = <K extends keyof Services>(key: K, build: () => Services[K]) =>
    Object.defineProperty(s, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = build();
        Object.defineProperty(s, key, { value, enumerable: true });
        return value;
      },
    });
  lazy('tokens', () => new TokenService(platform));
  lazy('otps', () => new OtpService(platform));
  lazy('mail', () => new MailService(platform));
  lazy('audit', () => new AuditService(platform));
  lazy('limits', () => new RateLimits(platform));
  lazy('media', () => new MediaStore(platform));
  lazy('jobs', () => new JobService(platform, waiters));
  lazy('notifications', () => new NotificationService(platform));
  lazy('apiTokens', () => new ApiTokenService(platform, { tokens: s.tokens, mail: s.mail, limits: s.limits }));
  lazy('accounts', () => new AccountService(platform, { mail: s.mail, otps: s.otps, tokens: s.tokens, audit: s.audit, limits: s.limits, throttle: new AuthThrottle(platform, s.limits) }));
  lazy('teams', () => new TeamService(platform, s.audit));
  lazy('teamMembership', () => new TeamMembershipService(platform, { audit: s.audit, mail: s.mail, limits: s.limits, planLimits: s.billing.limits }));
  lazy('profiles', () => new ProfileService(platform, s.audit));
  lazy('kyc', () => new KycService(platform, s.limits, new KycMirrorService(platform, s.notifications)));
  lazy('kycReview', () => new KycReviewService(platform, new KycClient(platform), s.kyc.mirror));
  lazy('ledger', () => new StockLedger(platform, s.audit));
  lazy('alerts', () => new InventoryAlertMonitor(platform, s.notifications, s.audit));
  lazy('inventory', () => createInventoryCollections(platform, { audit: s.audit, media: s.media, ledger: s.ledger, alerts: s.alerts, planLimits: s.billing.limits }));
  lazy('catalog', () => createCatalogServices(platform, { audit: s.audit, media: s.media, jobs: s.jobs, limits: s.limits, planLimits: s.billing.limits }));
  lazy('projectedCatalog', () => createProjectedCatalogServices(platform, s.catalog));
  lazy('users', () => new UserService(platform, s.audit, s.tokens));
  lazy('invoiceImport', () => new InvoiceImportService(platform, s.media, s.jobs, s.limits, { ledger: s.ledger, families: s.catalog.families, audit: s.audit }, s.billing.limits));
  lazy('support', () => createSupportServices(platform, { notifications: s.notifications, mail: s.mail, limits: s.limits }));
  lazy('reports', () => createReportServices(platform, { audit: s.audit, mail: s.mail, ledger: s.ledger, limits: s.limits }));
  lazy('supportChat', () => createSupportChat(platform, { jobs: s.jobs, limits: s.limits, tickets: ticketPortOf(() => s.support.tickets) }));
  // curator earnings follow the invoices the billing event job writes
  lazy('billing', () => createBillingServices(platform, { audit: s.audit, mail: s.mail, invoiceListeners: [(trx, processor, invoiceId) => s.curation.earnings.recordInvoice(trx, processor, invoiceId)] }));
  lazy('curation', () => createCurationServices(platform, { audit: s.audit, billingSubscriptions: () => s.billing.subscriptions }));
  lazy('dataProtection', () => createDataProtectionServices(platform, { audit: s.audit, mail: s.mail, tokens: s.tokens, limits: s.limits, cancellations: () => s.billing.cancellations }));
  lazy('admin', () => createAdminServices(platform, { accounts: s.accounts, audit: s.audit, tokens: s.tokens }));
  return s;
}
