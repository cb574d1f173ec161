// Periodic: one e-mail per staff member listing the tickets opened since their last digest.
import type { Handler } from '../registry.js';

export const supportStaffDigest: Handler<'support.staff-digest'> = async (_job, { services }) => services.support.digest.send();
