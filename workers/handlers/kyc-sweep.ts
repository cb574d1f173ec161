// Periodic (job scheduler): re-pull applicants stuck waiting, re-queue lost callbacks.
import type { Handler } from '../registry.js';
import { kycServicesOf } from '../../kyc/services/index.js';

export const kycSweep: Handler<'kyc.sweep'> = async (_job, { platform }) => kycServicesOf(platform).sweep.run();
