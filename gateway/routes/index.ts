// Every route of the gateway, one file per endpoint. Areas append their modules here.
import type { ServerRoute } from '@hapi/hapi';
import root from './root/index.js';
import health from './root/health.js';
import docsMarkdown from './docs/markdown.js';
import docsLogin from './docs/login.js';
import docsUi from './docs/ui.js';
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
import apiTokensCreate from './auth/api-tokens/create.js';
import apiTokensList from './auth/api-tokens/list.js';
import apiTokensRevoke from './auth/api-tokens/revoke.js';
import teamsList from './teams/list.js';
import teamsGet from './teams/read.js';
import teamsCreate from './teams/create.js';
import teamsAddMember from './teams/add-member.js';
import teamsRecentActivity from './teams/recent-activity.js';
import teamsRemoveMember from './teams/remove-member.js';
import teamsLeave from './teams/leave.js';
import teamsSentInvitations from './teams/sent-invitations-list.js';
import teamsWithdrawInvitation from './teams/sent-invitation-withdraw.js';
import teamInvitationsList from './teams/invitations/list.js';
import teamInvitationAccept from './teams/invitations/accept.js';
import teamInvitationDecline from './teams/invitations/decline.js';
import profileMe from './profiles/me.js';
import jobGet from './jobs/read.js';
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
import inventoryIconsList from './inventory-icons/list.js';
import inventoryIconsCreate from './inventory-icons/create.js';
import inventoryIconsRead from './inventory-icons/read.js';
import inventoryIconsReplace from './inventory-icons/replace.js';
import inventoryIconsUpdate from './inventory-icons/update.js';
import inventoryIconsDelete from './inventory-icons/delete.js';
import inventoryTypesList from './inventory-types/list.js';
import inventoryTypesCreate from './inventory-types/create.js';
import inventoryTypesRead from './inventory-types/read.js';
import inventoryTypesReplace from './inventory-types/replace.js';
import inventoryTypesUpdate from './inventory-types/update.js';
import inventoryTypesDelete from './inventory-types/delete.js';
import inventoriesList from './inventories/list.js';
import inventoriesCreate from './inventories/create.js';
import inventoriesRead from './inventories/read.js';
import inventoriesReplace from './inventories/replace.js';
import inventoriesUpdate from './inventories/update.js';
import inventoriesDelete from './inventories/delete.js';
import storagesList from './storages/list.js';
import storagesCreate from './storages/create.js';
import storagesRead from './storages/read.js';
import storagesReplace from './storages/replace.js';
import storagesUpdate from './storages/update.js';
import storagesDelete from './storages/delete.js';
import storageBoxesList from './storage-boxes/list.js';
import storageBoxesCreate from './storage-boxes/create.js';
import storageBoxesRead from './storage-boxes/read.js';
import storageBoxesReplace from './storage-boxes/replace.js';
import storageBoxesUpdate from './storage-boxes/update.js';
import storageBoxesDelete from './storage-boxes/delete.js';
import inventoryItemsList from './inventory-items/list.js';
import inventoryItemsCreate from './inventory-items/create.js';
import inventoryItemsRead from './inventory-items/read.js';
import inventoryItemsReplace from './inventory-items/replace.js';
import inventoryItemsUpdate from './inventory-items/update.js';
import inventoryItemsDelete from './inventory-items/delete.js';
import inventoryTransactionsList from './inventory-transactions/list.js';
import inventoryTransactionsRead from './inventory-transactions/read.js';
import inventoryTransactionCreate from './inventory-transactions/create.js';
import inventoryTransactionAppendOnly from './inventory-transactions/append-only.js';
import inventoryAlertsList from './inventory-alerts/list.js';
import inventoryAlertsRead from './inventory-alerts/read.js';
import inventoryAlertsUpdate from './inventory-alerts/update.js';
import inventoryAlertAcknowledge from './inventory-alerts/acknowledge.js';
import systemAuditLogsList from './system-audit-logs/list.js';
import systemAuditLogsRead from './system-audit-logs/read.js';
import productsList from './products/list.js';
import productsCreate from './products/create.js';
import productsRead from './products/read.js';
import productsReplace from './products/replace.js';
import productsUpdate from './products/update.js';
import productsDelete from './products/delete.js';
import productFamiliesList from './product-families/list.js';
import productFamiliesCreate from './product-families/create.js';
import productFamiliesRead from './product-families/read.js';
import productFamiliesReplace from './product-families/replace.js';
import productFamiliesUpdate from './product-families/update.js';
import productFamiliesDelete from './product-families/delete.js';
import productImagesList from './product-images/list.js';
import productImagesCreate from './product-images/create.js';
import productImagesRead from './product-images/read.js';
import productImagesReplace from './product-images/replace.js';
import productImagesUpdate from './product-images/update.js';
import productImagesDelete from './product-images/delete.js';
import barcodeScansList from './barcode-scans/list.js';
import barcodeScansRead from './barcode-scans/read.js';
import barcodeScansDelete from './barcode-scans/delete.js';
import barcodeScansPhoto from './barcode-scans/photo.js';
import scanBarcode from './scan-barcode/scan.js';
import productSearchesList from './product-searches/list.js';
import productSearchesRead from './product-searches/read.js';
import productSearchesDelete from './product-searches/delete.js';
import productSearchCreate from './product-searches/create.js';
import processImage from './process-image/process.js';
import invoicePreview from './invoice-import/preview.js';
import invoiceBulkStore from './invoice-import/bulk-store.js';
import invoiceSessionsLatest from './invoice-import/sessions/latest.js';
import invoiceSessionsList from './invoice-import/sessions/list.js';
import invoiceSessionsGet from './invoice-import/sessions/read.js';
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
import { restqlRoutes } from './restqlapi/index.js';

export const routes: ServerRoute[] = [
  ...root,
  health,
  docsMarkdown,
  docsLogin,
  docsUi,
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
  teamsList,
  teamsGet,
  teamsCreate,
  teamsAddMember,
  teamsRecentActivity,
  teamsRemoveMember,
  teamsLeave,
  teamsSentInvitations,
  teamsWithdrawInvitation,
  teamInvitationsList,
  teamInvitationAccept,
  teamInvitationDecline,
  ...profileMe,
  jobGet,
  jobEcho,
  notificationsList,
  ...mediaServe,
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
  inventoryIconsList,
  inventoryIconsCreate,
  inventoryIconsRead,
  inventoryIconsReplace,
  inventoryIconsUpdate,
  inventoryIconsDelete,
  inventoryTypesList,
  inventoryTypesCreate,
  inventoryTypesRead,
  inventoryTypesReplace,
  inventoryTypesUpdate,
  inventoryTypesDelete,
  inventoriesList,
  inventoriesCreate,
  inventoriesRead,
  inventoriesReplace,
  inventoriesUpdate,
  inventoriesDelete,
  storagesList,
  storagesCreate,
  storagesRead,
  storagesReplace,
  storagesUpdate,
  storagesDelete,
  storageBoxesList,
  storageBoxesCreate,
  storageBoxesRead,
  storageBoxesReplace,
  storageBoxesUpdate,
  storageBoxesDelete,
  inventoryItemsList,
  inventoryItemsCreate,
  inventoryItemsRead,
  inventoryItemsReplace,
  inventoryItemsUpdate,
  inventoryItemsDelete,
  inventoryTransactionsList,
  inventoryTransactionsRead,
  inventoryTransactionCreate,
  ...inventoryTransactionAppendOnly,
  inventoryAlertsList,
  inventoryAlertsRead,
  inventoryAlertsUpdate,
  inventoryAlertAcknowledge,
  systemAuditLogsList,
  systemAuditLogsRead,
  productsList,
  productsCreate,
  productsRead,
  productsReplace,
  productsUpdate,
  productsDelete,
  productFamiliesList,
  productFamiliesCreate,
  productFamiliesRead,
  productFamiliesReplace,
  productFamiliesUpdate,
  productFamiliesDelete,
  productImagesList,
  productImagesCreate,
  productImagesRead,
  productImagesReplace,
  productImagesUpdate,
  productImagesDelete,
  barcodeScansList,
  barcodeScansRead,
  barcodeScansDelete,
  barcodeScansPhoto,
  scanBarcode,
  productSearchesList,
  productSearchesRead,
  productSearchesDelete,
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
  ...restqlRoutes,
] as ServerRoute[];
