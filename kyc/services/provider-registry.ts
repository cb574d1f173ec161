// Which engine serves an applicant: its own provider (kept on the row, so switching a
// project's engine affects new applicants only), or the project's engine for new ones.
import type { Knex } from 'knex';
import type { Config } from '../../jobs/runtime/config.js';
import { ExternalProvider } from '../providers/external-provider.js';
import { InhouseProvider, INHOUSE } from '../providers/inhouse-provider.js';
import type { VerificationProvider } from '../providers/types.js';
import type { ApplicantRow, ProjectRow } from './rows.js';

export class ProviderRegistry {
  readonly inhouse: InhouseProvider;
  readonly external: ExternalProvider;

  constructor(knex: Knex, config: Config) {
    this.inhouse = new InhouseProvider(knex);
    this.external = new ExternalProvider({
      name: config.kyc.providerName,
      baseUrl: config.kyc.providerBaseUrl,
      appToken: config.kyc.providerAppToken,
      secretKey: config.kyc.providerSecretKey,
      timeoutMs: config.kyc.providerTimeoutMs,
    });
  }

  forProject(project: ProjectRow): VerificationProvider {
    return project.engine === 'inhouse' ? this.inhouse : this.external;
  }

  forApplicant(row: Pick<ApplicantRow, 'provider'>): VerificationProvider {
    return row.provider === INHOUSE ? this.inhouse : this.external;
  }
}
