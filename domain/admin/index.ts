// The staff admin's services: its sign-in (sessions), the generic reading of every
// declared resource, and the account actions.
import type { Platform } from '../../db/platform.js';
import type { AccountService } from '../accounts/account-service.js';
import type { AuditService } from '../audit/audit-service.js';
import type { TokenService } from '../accounts/token-service.js';
import { AdminSessionService } from './admin-session-service.js';
import { AdminReadService } from './admin-read-service.js';
import { AdminUserActions } from './admin-user-actions.js';

export interface AdminServices {
  sessions: AdminSessionService;
  read: AdminReadService;
  users: AdminUserActions;
}

export function createAdminServices(platform: Platform, deps: { accounts: AccountService; audit: AuditService; tokens: TokenService }): AdminServices {
  const sessions = new AdminSessionService(platform, { accounts: deps.accounts, audit: deps.audit });
  return { sessions, read: new AdminReadService(platform), users: new AdminUserActions(platform, { audit: deps.audit, tokens: deps.tokens, sessions }) };
}
