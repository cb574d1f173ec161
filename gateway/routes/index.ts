// Every route of the gateway, one file per endpoint. Areas append their modules here.
import type { ServerRoute } from '@hapi/hapi';
import root from './root/index.js';
import health from './root/health.js';
import docsMarkdown from './docs/markdown.js';
import docsLogin from './docs/login.js';
import register from './auth/register.js';
import verifyEmail from './auth/verify-email.js';
import resendVerification from './auth/resend-verification.js';
import login from './auth/login.js';
import logout from './auth/logout.js';
import tokenRefresh from './auth/token-refresh.js';
import changePassword from './auth/change-password.js';
import forgotPassword from './auth/forgot-password.js';
import resetPassword from './auth/reset-password.js';
import resendPasswordReset from './auth/resend-password-reset.js';
import checkEmail from './auth/check-email.js';
import authMe from './auth/me.js';
import otpHistory from './auth/otp-history.js';
import otpCleanup from './auth/otp-cleanup.js';
import teamsList from './teams/list.js';
import teamsGet from './teams/get.js';
import teamsCreate from './teams/create.js';
import teamsAddMember from './teams/add-member.js';
import teamsRecentActivity from './teams/recent-activity.js';
import profileMe from './profiles/me.js';
import jobGet from './jobs/get.js';
import jobEcho from './jobs/echo.js';
import notificationsList from './notifications/list.js';
import mediaServe from './media/serve.js';
import kycAccessToken from './kyc/access-token.js';
import kycStatus from './kyc/status.js';
import kycRefresh from './kyc/refresh.js';
import kycReset from './kyc/reset.js';
import kycBranding from './kyc/branding.js';
import kycStatusCallback from './kyc/status-callback.js';
import usersList from './users/list.js';
import usersCreate from './users/create.js';
import usersRead from './users/read.js';
import usersUpdate from './users/update.js';
import usersDelete from './users/delete.js';
import adminConsole from './admin/console.js';
import inventoryIcons from './inventory-icons/routes.js';
import inventoryTypes from './inventory-types/routes.js';
import inventories from './inventories/routes.js';
import storages from './storages/routes.js';
import storageBoxes from './storage-boxes/routes.js';
import inventoryItems from './inventory-items/routes.js';
import inventoryTransactions from './inventory-transactions/routes.js';
import inventoryTransactionCreate from './inventory-transactions/create.js';
import inventoryTransactionAppendOnly from './inventory-transactions/append-only.js';
import inventoryAlerts from './inventory-alerts/routes.js';
import inventoryAlertAcknowledge from './inventory-alerts/acknowledge.js';
import systemAuditLogs from './system-audit-logs/routes.js';
import products from './products/routes.js';
import productFamilies from './product-families/routes.js';
import productImages from './product-images/routes.js';
import barcodeScans from './barcode-scans/routes.js';
import scanBarcode from './scan-barcode/scan.js';
import productSearches from './product-searches/routes.js';
import productSearchCreate from './product-searches/create.js';
import processImage from './process-image/process.js';
import invoicePreview from './invoice-import/preview.js';
import invoiceBulkStore from './invoice-import/bulk-store.js';
import invoiceSessionsLatest from './invoice-import/sessions-latest.js';
import invoiceSessionsList from './invoice-import/sessions-list.js';
import invoiceSessionsGet from './invoice-import/sessions-get.js';
import supportChatSessionsCreate from './support-chat/sessions-create.js';
import supportChatSessionsList from './support-chat/sessions-list.js';
import supportChatSessionsGet from './support-chat/sessions-get.js';
import supportChatMessagesCreate from './support-chat/messages-create.js';
import supportChatMessagesList from './support-chat/messages-list.js';
import supportChatTicketCreate from './support-chat/ticket-create.js';
import faqArticlesList from './faq-articles/list.js';
import faqArticlesRead from './faq-articles/read.js';
import faqArticlesCreate from './faq-articles/create.js';
import faqArticlesUpdate from './faq-articles/update.js';
import faqArticlesDelete from './faq-articles/delete.js';
import supportTicketTypesList from './support-ticket-types/list.js';
import supportTicketTypesRead from './support-ticket-types/read.js';
import supportTicketTypesCreate from './support-ticket-types/create.js';
import supportTicketTypesUpdate from './support-ticket-types/update.js';
import supportTicketTypesDelete from './support-ticket-types/delete.js';
import helpCategoriesList from './help-categories/list.js';
import helpCategoriesRead from './help-categories/read.js';
import helpCategoriesCreate from './help-categories/create.js';
import helpCategoriesUpdate from './help-categories/update.js';
import helpCategoriesDelete from './help-categories/delete.js';
import supportTicketsCreate from './support-tickets/create.js';
import supportTicketsList from './support-tickets/list.js';
import supportTicketsRead from './support-tickets/read.js';
import supportTicketsUpdate from './support-tickets/update.js';
import supportTicketsDelete from './support-tickets/delete.js';
import supportTicketsAddReply from './support-tickets/add-reply.js';
import supportTicketsDownloadAttachment from './support-tickets/download-attachment.js';

export const routes: ServerRoute[] = [
  ...root,
  health,
  docsMarkdown,
  docsLogin,
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
  teamsList,
  teamsGet,
  teamsCreate,
  teamsAddMember,
  teamsRecentActivity,
  ...profileMe,
  jobGet,
  jobEcho,
  notificationsList,
  mediaServe,
  kycAccessToken,
  kycStatus,
  kycRefresh,
  kycReset,
  kycBranding,
  kycStatusCallback,
  usersList,
  usersCreate,
  usersRead,
  ...usersUpdate,
  usersDelete,
  adminConsole,
  ...inventoryIcons,
  ...inventoryTypes,
  ...inventories,
  ...storages,
  ...storageBoxes,
  ...inventoryItems,
  ...inventoryTransactions,
  inventoryTransactionCreate,
  ...inventoryTransactionAppendOnly,
  ...inventoryAlerts,
  inventoryAlertAcknowledge,
  ...systemAuditLogs,
  ...products,
  ...productFamilies,
  ...productImages,
  ...barcodeScans,
  scanBarcode,
  ...productSearches,
  productSearchCreate,
  processImage,
  invoicePreview,
  invoiceBulkStore,
  invoiceSessionsLatest,
  invoiceSessionsList,
  invoiceSessionsGet,
  supportChatSessionsCreate,
  supportChatSessionsList,
  supportChatSessionsGet,
  supportChatMessagesCreate,
  supportChatMessagesList,
  supportChatTicketCreate,
  faqArticlesList,
  faqArticlesRead,
  faqArticlesCreate,
  faqArticlesUpdate,
  faqArticlesDelete,
  supportTicketTypesList,
  supportTicketTypesRead,
  supportTicketTypesCreate,
  supportTicketTypesUpdate,
  supportTicketTypesDelete,
  helpCategoriesList,
  helpCategoriesRead,
  helpCategoriesCreate,
  helpCategoriesUpdate,
  helpCategoriesDelete,
  supportTicketsCreate,
  supportTicketsList,
  supportTicketsRead,
  ...supportTicketsUpdate,
  supportTicketsDelete,
  supportTicketsAddReply,
  supportTicketsDownloadAttachment,
] as ServerRoute[];
