// The reports area's services, built once per process and exposed as
// services.reports: reports and their schedules, analytics, the transaction log,
// order lists and their items.
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { MailService } from '../shared/mail-service.js';
import type { StockLedger } from '../inventory/stock-ledger.js';
import type { RateLimits } from '../shared/rate-limits.js';
import { ScopedCollection } from '../shared/scoped-collection.js';
import { ReportService } from './report-service.js';
import { ReportScheduleService } from './report-schedule-service.js';
import { AnalyticsService } from './analytics-service.js';
import { TransactionLogService } from './transaction-log-service.js';
import { OrderListService } from './order-lists.js';
import { orderListItemsDef } from './order-list-items.js';

export interface ReportServices {
  reports: ReportService;
  schedules: ReportScheduleService;
  analytics: AnalyticsService;
  transactionLogs: TransactionLogService;
  orderLists: OrderListService;
  orderListItems: ScopedCollection<Record<string, unknown>>;
}

export function createReportServices(platform: Platform, deps: { audit: AuditService; mail: MailService; ledger: StockLedger; limits: RateLimits }): ReportServices {
  const reports = new ReportService(platform, deps.audit, deps.limits);
  return {
    reports,
    schedules: new ReportScheduleService(platform, deps.audit, reports, deps.mail),
    analytics: new AnalyticsService(platform),
    transactionLogs: new TransactionLogService(platform),
    orderLists: new OrderListService(platform, deps.audit, deps.ledger),
    orderListItems: new ScopedCollection(platform, deps.audit, orderListItemsDef()),
  };
}
