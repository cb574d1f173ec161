// Every setting, in the shape of Config, and the groups the reference lists them in.
import { settingsOf, type SettingGroup, type SettingValues, type ValuesOf } from './define.js';
import { serverGroup, serverSettings } from './server.js';
import { databaseGroup, databaseSettings, mailGroup, mailSettings, redisGroup, redisSettings, secretsGroup, secretSettings } from './platform.js';
import { authGroup, authSettings } from './auth.js';
import { jobsGroup, jobSettings } from './jobs.js';
import { kycGroup, kycSettings, checkKycEngine } from './kyc.js';
import { invoicesGroup, invoiceSettings } from './invoices.js';
import { chatGroup, chatSettings, supportGroup, supportSettings } from './support.js';
import { billingGroup, billingSettings, checkBilling } from './billing.js';
import { operationsGroup, operationsSettings } from './operations.js';
import { dataProtectionGroup, dataProtectionSettings } from './data-protection.js';
import { catalogGroup, catalogSettings } from './catalog.js';
import { adminGroup, adminSettings } from './admin.js';

export const configSettings = {
  ...serverSettings,
  ...secretSettings,
  ...databaseSettings,
  ...redisSettings,
  ...mailSettings,
  ...authSettings,
  ...jobSettings,
  ...invoiceSettings,
  ...catalogSettings,
  ...kycSettings,
  ...supportSettings,
  ...chatSettings,
  ...billingSettings,
  ...operationsSettings,
  ...dataProtectionSettings,
  ...adminSettings,
};

/** The order the reference lists the groups in. */
export const SETTING_GROUPS: SettingGroup[] = [serverGroup, secretsGroup, databaseGroup, redisGroup, mailGroup, authGroup, jobsGroup, invoicesGroup, catalogGroup, kycGroup, supportGroup, chatGroup, billingGroup, operationsGroup, dataProtectionGroup, adminGroup];

export const ALL_SETTINGS = settingsOf(configSettings);

/** The secrets that production requires and that outside production are generated per install. */
export const GENERATED_SECRETS = ALL_SETTINGS.filter((s) => s.secret === 'generated').map((s) => s.env);

/** Checks that span settings, run on the validated values: each returns the problem, or null. */
export const CROSS_CHECKS: ((values: SettingValues) => string | null)[] = [checkKycEngine, checkBilling];

export type SettingsConfig = ValuesOf<typeof configSettings>;

export { decodeKey } from './support.js';
export { DEFAULT_SECRETS_FILE } from './platform.js';
