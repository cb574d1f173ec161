// The staff admin (server-rendered browser pages, not in the OpenAPI document; see
// docs/areas/admin.md): the area's routes, one file per endpoint.
import { defineArea } from '../area.js';
import stylesheet from './stylesheet.js';
import loginForm from './login-form.js';
import login from './login.js';
import logout from './logout.js';
import home from './home.js';
import list from './list.js';
import read from './read.js';
import userAction from './user-action.js';
import kycQueue from './kyc/queue.js';
import kycApplicant from './kyc/applicant.js';
import kycImage from './kyc/image.js';
import kycDecide from './kyc/decide.js';
import ticketRead from './tickets/read.js';
import ticketReply from './tickets/reply.js';
import ticketAssign from './tickets/assign.js';
import ticketStatus from './tickets/status.js';
import queuesSlash from './queues-slash.js';

export default defineArea({
  name: 'admin',
  tags: [],
  routes: [
    stylesheet, loginForm, login, logout, home, list, read, userAction, queuesSlash,
    // pages of their own (more specific paths than the generic /admin/{resource}/…, so hapi prefers them)
    kycQueue, kycApplicant, kycImage, kycDecide,
    ticketRead, ticketReply, ticketAssign, ticketStatus,
  ],
});
