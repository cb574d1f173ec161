// The data-protection area: export and deletion requests (GDPR art. 15, 17, 20).
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { MailService } from '../shared/mail-service.js';
import type { TokenService } from '../accounts/token-service.js';
import type { RateLimits } from '../shared/rate-limits.js';
import type { ProcessorCancellations } from '../billing/processor-cancellations.js';
import { DataExportService } from './export-service.js';
import { DataDeletionService } from './deletion-service.js';

export interface DataProtectionServices {
  exports: DataExportService;
  deletions: DataDeletionService;
}

export function createDataProtectionServices(platform: Platform, deps: { audit: AuditService; mail: MailService; tokens: TokenService; limits: RateLimits; cancellations: () => ProcessorCancellations }): DataProtectionServices {
  return { exports: new DataExportService(platform, deps), deletions: new DataDeletionService(platform, deps) };
}
