// Hapi augmentations of the microservice: the platform handles and its services on
// the server, the project or SDK applicant on the credentials.
import type { Platform } from '../db/platform.js';
import type { KycServices } from './services/index.js';
import type { ApplicantRow, ProjectRow } from './services/rows.js';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    platform: Platform;
    kyc?: KycServices;
    /** base URL SDK clients use for the in-house engine */
    kycApiBase?: string;
  }
  interface AuthCredentials {
    project?: ProjectRow;
    applicant?: ApplicantRow;
  }
}

export {};
