// Identity verification through the verification microservice: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import kycAccessToken from './access-token.js';
import kycStatus from './status.js';
import kycRefresh from './refresh.js';
import kycReset from './reset.js';
import kycBranding from './branding.js';
import kycStatusCallback from './status-callback.js';

export default defineArea({
  name: 'kyc',
  tags: [
    { name: 'kyc', description: 'Identity verification (interface version 2.0.0): proxy to the verification microservice, per-user mirror, signed status callbacks' },
  ],
  routes: [
    kycAccessToken,
    kycStatus,
    kycRefresh,
    kycReset,
    kycBranding,
    kycStatusCallback,
  ],
});
