// Every route of the verification microservice, one file per endpoint.
import type { ServerRoute } from '@hapi/hapi';
import root from './root.js';
import branding from './branding.js';
import accessToken from './access-token.js';
import status from './status.js';
import refresh from './refresh.js';
import reset from './reset.js';
import webhook from './webhook.js';
import inhouseDocuments from './inhouse/documents.js';
import inhouseData from './inhouse/data.js';
import inhouseSubmit from './inhouse/submit.js';
import reviewList from './review/list.js';
import reviewGet from './review/get.js';
import reviewDecide from './review/decide.js';
import reviewImage from './review/image.js';

export const kycRoutes: ServerRoute[] = [
  ...root,
  branding,
  accessToken,
  status,
  refresh,
  reset,
  webhook,
  inhouseDocuments,
  inhouseData,
  inhouseSubmit,
  reviewList,
  reviewGet,
  reviewDecide,
  reviewImage,
] as ServerRoute[];
