// Accounts: registration, e-mail codes, login and tokens, profiles, API tokens, staff user administration: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import register from './auth/register.js';
import verifyEmail from './auth/verify-email.js';
import resendVerification from './auth/resend-verification.js';
import login from './auth/login.js';
import logout from './auth/logout.js';
import tokenRefresh from './token/refresh.js';
import changePassword from './auth/change-password.js';
import forgotPassword from './auth/forgot-password.js';
import resetPassword from './auth/reset-password.js';
import resendPasswordReset from './auth/resend-password-reset.js';
import checkEmail from './auth/check-email.js';
import authMe from './auth/me.js';
import otpHistory from './auth/otp-history.js';
import otpCleanup from './auth/otp-cleanup.js';
import apiTokensCreate from './api-tokens/create.js';
import apiTokensList from './api-tokens/list.js';
import apiTokensRevoke from './api-tokens/revoke.js';
import profileMe from './profiles/me.js';
import usersList from './users/list.js';
import usersCreate from './users/create.js';
import usersRead from './users/read.js';
import usersUpdate from './users/update.js';
import usersDelete from './users/delete.js';

export default defineArea({
  name: 'accounts',
  tags: [
    { name: 'auth', description: 'Registration, e-mail codes, login and tokens' },
    { name: 'profiles', description: "The caller's profile" },
    { name: 'users', description: 'Staff administration of user accounts' },
    { name: 'admin', description: 'Staff-only maintenance of one-time codes' },
  ],
  routes: [
    register,
    verifyEmail,
    resendVerification,
    login,
    logout,
    tokenRefresh,
    changePassword,
    forgotPassword,
    resetPassword,
    resendPasswordReset,
    ...checkEmail,
    authMe,
    otpHistory,
    otpCleanup,
    apiTokensCreate,
    apiTokensList,
    apiTokensRevoke,
    ...profileMe,
    usersList,
    usersCreate,
    usersRead,
    ...usersUpdate,
    usersDelete,
  ],
});
