// Builds the platform handles and the services of one process (web or worker).
import type { Config } from '../../jobs/runtime/config.js';
import type { Platform } from '../../db/platform.js';
import { TokenService } from './token-service.js';
import { OtpService } from './otp-service.js';
import { MailService } from './mail-service.js';
import { AuditService } from './audit-service.js';
import { AccountService } from './account-service.js';
import { TeamService } from './team-service.js';
import { ProfileService } from './profile-service.js';
import { JobService, type JobWaiters } from './job-service.js';
import { NotificationService } from './notification-service.js';
import { RateLimits } from './rate-limits.js';
import { MediaStore } from './media-store.js';
import { KycService } from './kyc-service.js';
import { KycMirrorService } from './kyc-mirror-service.js';
import { StockLedger } from './inventory/stock-ledger.js';
import { InventoryAlertMonitor } from './inventory/inventory-alert-monitor.js';
import { createInventoryCollections, type InventoryCollections } from './inventory/index.js';
import { createCatalogServices, type CatalogServices } from './catalog/index.js';
import { UserService } from './user-service.js';
import { InvoiceImportService } from './invoice-import/invoice-import-service.js';
import { createSupportChat, ticketPortOf, type SupportChat } from './support/chat/index.js';
import { createSupportServices, type SupportServices } from './support/index.js';

export interface Services {
  tokens: TokenService;
  otps: OtpService;
  mail: MailService;
  audit: AuditService;
  accounts: AccountService;
  teams: TeamService;
  profiles: ProfileService;
  jobs: JobService;
  notifications: NotificationService;
  limits: RateLimits;
  media: MediaStore;
  /** identity verification: proxy to the kyc microservice, the per-user mirror, status callbacks */
  kyc: KycService;
  /** the only writer of inventory item quantities (see inventory/stock-ledger.ts for the bulk API) */
  ledger: StockLedger;
  alerts: InventoryAlertMonitor;
  /** inventory icons/types, inventories, storages, boxes, items, transactions, alerts, audit logs */
  inventory: InventoryCollections;
  /** products, families, images, barcode scans, product searches, OCR/barcode-photo jobs */
  catalog: CatalogServices;
  users: UserService;
  /** invoice documents -> preview sessions -> all-or-nothing bulk stores (invoice-import/) */
  invoiceImport: InvoiceImportService;
  /** AI support chat: sessions and questions (chat), the answer job's work (answers), the FAQ index (knowledge) */
  supportChat: SupportChat;
  /** support tickets, their types and help categories, notifications, key rotation (support/) */
  support: SupportServices;
}

export function createServices(platform: Platform, waiters: JobWaiters | null = null): Services {
  const tokens = new TokenService(platform);
  const otps = new OtpService(platform);
  const mail = new MailService(platform);
  const audit = new AuditService(platform);
  const limits = new RateLimits(platform);
  const media = new MediaStore(platform);
  const ledger = new StockLedger(platform, audit);
  const alerts = new InventoryAlertMonitor(platform, new NotificationService(platform), audit);
  const jobs = new JobService(platform, waiters);
  const catalog = createCatalogServices(platform, { audit, media, jobs, limits });
  const support = createSupportServices(platform, { notifications: new NotificationService(platform), mail });
  return {
    tokens,
    otps,
    mail,
    audit,
    limits,
    accounts: new AccountService(platform, { mail, otps, tokens, audit, limits }),
    teams: new TeamService(platform, audit),
    profiles: new ProfileService(platform, audit),
    jobs,
    notifications: new NotificationService(platform),
    media,
    kyc: new KycService(platform, limits, new KycMirrorService(platform, new NotificationService(platform))),
    ledger,
    alerts,
    inventory: createInventoryCollections(platform, { audit, media, ledger, alerts }),
    catalog,
    users: new UserService(platform, audit, tokens),
    invoiceImport: new InvoiceImportService(platform, media, jobs, limits, { ledger, families: catalog.families, audit }),
    support,
    supportChat: createSupportChat(platform, { jobs, limits, tickets: ticketPortOf(support.tickets) }),
  };
}
