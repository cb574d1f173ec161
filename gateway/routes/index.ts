// Every route of the gateway, one file per endpoint. Areas append their modules here.
import type { ServerRoute } from '@hapi/hapi';
import root from './root/index.js';
import health from './root/health.js';
import docsMarkdown from './docs/markdown.js';
import docsLogin from './docs/login.js';
import docsUi from './docs/ui.js';
import register from './accounts/auth/register.js';
import verifyEmail from './accounts/auth/verify-email.js';
import resendVerification from './accounts/auth/resend-verification.js';
import login from './accounts/auth/login.js';
import logout from './accounts/auth/logout.js';
import tokenRefresh from './accounts/token/refresh.js';
import changePassword from './accounts/auth/change-password.js';
import forgotPassword from './accounts/auth/forgot-password.js';
import resetPassword from './accounts/auth/reset-password.js';
import resendPasswordReset from './accounts/auth/resend-password-reset.js';
import checkEmail from './accounts/auth/check-email.js';
import authMe from './accounts/auth/me.js';
import otpHistory from './accounts/auth/otp-history.js';
import otpCleanup from './accounts/auth/otp-cleanup.js';
import apiTokensCreate from './accounts/api-tokens/create.js';
import apiTokensList from './accounts/api-tokens/list.js';
import apiTokensRevoke from './accounts/api-tokens/revoke.js';
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
import profileMe from './accounts/profiles/me.js';
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
import usersList from './accounts/users/list.js';
import usersCreate from './accounts/users/create.js';
import usersRead from './accounts/users/read.js';
import usersUpdate from './accounts/users/update.js';
import usersDelete from './accounts/users/delete.js';
import adminConsole from './admin/console.js';
import inventoryIconsList from './inventory/inventory-icons/list.js';
import inventoryIconsCreate from './inventory/inventory-icons/create.js';
import inventoryIconsRead from './inventory/inventory-icons/read.js';
import inventoryIconsReplace from './inventory/inventory-icons/replace.js';
import inventoryIconsUpdate from './inventory/inventory-icons/update.js';
import inventoryIconsDelete from './inventory/inventory-icons/delete.js';
import inventoryTypesList from './inventory/inventory-types/list.js';
import inventoryTypesCreate from './inventory/inventory-types/create.js';
import inventoryTypesRead from './inventory/inventory-types/read.js';
import inventoryTypesReplace from './inventory/inventory-types/replace.js';
import inventoryTypesUpdate from './inventory/inventory-types/update.js';
import inventoryTypesDelete from './inventory/inventory-types/delete.js';
import inventoriesList from './inventory/inventories/list.js';
import inventoriesCreate from './inventory/inventories/create.js';
import inventoriesRead from './inventory/inventories/read.js';
import inventoriesReplace from './inventory/inventories/replace.js';
import inventoriesUpdate from './inventory/inventories/update.js';
import inventoriesDelete from './inventory/inventories/delete.js';
import storagesList from './inventory/storages/list.js';
import storagesCreate from './inventory/storages/create.js';
import storagesRead from './inventory/storages/read.js';
import storagesReplace from './inventory/storages/replace.js';
import storagesUpdate from './inventory/storages/update.js';
import storagesDelete from './inventory/storages/delete.js';
import storageBoxesList from './inventory/storage-boxes/list.js';
import storageBoxesCreate from './inventory/storage-boxes/create.js';
import storageBoxesRead from './inventory/storage-boxes/read.js';
import storageBoxesReplace from './inventory/storage-boxes/replace.js';
import storageBoxesUpdate from './inventory/storage-boxes/update.js';
import storageBoxesDelete from './inventory/storage-boxes/delete.js';
import inventoryItemsList from './inventory/inventory-items/list.js';
import inventoryItemsCreate from './inventory/inventory-items/create.js';
import inventoryItemsRead from './inventory/inventory-items/read.js';
import inventoryItemsReplace from './inventory/inventory-items/replace.js';
import inventoryItemsUpdate from './inventory/inventory-items/update.js';
import inventoryItemsDelete from './inventory/inventory-items/delete.js';
import inventoryTransactionsList from './inventory/inventory-transactions/list.js';
import inventoryTransactionsRead from './inventory/inventory-transactions/read.js';
import inventoryTransactionCreate from './inventory/inventory-transactions/create.js';
import inventoryTransactionAppendOnly from './inventory/inventory-transactions/append-only.js';
import inventoryAlertsList from './inventory/inventory-alerts/list.js';
import inventoryAlertsRead from './inventory/inventory-alerts/read.js';
import inventoryAlertsUpdate from './inventory/inventory-alerts/update.js';
import inventoryAlertAcknowledge from './inventory/inventory-alerts/acknowledge.js';
import systemAuditLogsList from './audit/list.js';
import systemAuditLogsRead from './audit/read.js';
import productsList from './catalog/products/list.js';
import productsCreate from './catalog/products/create.js';
import productsRead from './catalog/products/read.js';
import productsReplace from './catalog/products/replace.js';
import productsUpdate from './catalog/products/update.js';
import productsDelete from './catalog/products/delete.js';
import productFamiliesList from './catalog/product-families/list.js';
import productFamiliesCreate from './catalog/product-families/create.js';
import productFamiliesRead from './catalog/product-families/read.js';
import productFamiliesReplace from './catalog/product-families/replace.js';
import productFamiliesUpdate from './catalog/product-families/update.js';
import productFamiliesDelete from './catalog/product-families/delete.js';
import productImagesList from './catalog/product-images/list.js';
import productImagesCreate from './catalog/product-images/create.js';
import productImagesRead from './catalog/product-images/read.js';
import productImagesReplace from './catalog/product-images/replace.js';
import productImagesUpdate from './catalog/product-images/update.js';
import productImagesDelete from './catalog/product-images/delete.js';
import barcodeScansList from './catalog/barcode-scans/list.js';
import barcodeScansRead from './catalog/barcode-scans/read.js';
import barcodeScansDelete from './catalog/barcode-scans/delete.js';
import barcodeScansPhoto from './catalog/barcode-scans/photo.js';
import scanBarcode from './catalog/barcode-scans/scan.js';
import productSearchesList from './catalog/product-searches/list.js';
import productSearchesRead from './catalog/product-searches/read.js';
import productSearchesDelete from './catalog/product-searches/delete.js';
import productSearchCreate from './catalog/product-searches/create.js';
import processImage from './catalog/process-image/process.js';
import invoicePreview from './invoice-import/preview.js';
import invoiceBulkStore from './invoice-import/bulk-store.js';
import invoiceSessionsLatest from './invoice-import/sessions/latest.js';
import invoiceSessionsList from './invoice-import/sessions/list.js';
import invoiceSessionsGet from './invoice-import/sessions/read.js';
import supportChatSessionsCreate from './support/chat/sessions-create.js';
import supportChatSessionsList from './support/chat/sessions-list.js';
import supportChatSessionsGet from './support/chat/sessions-get.js';
import supportChatMessagesCreate from './support/chat/messages-create.js';
import supportChatMessagesList from './support/chat/messages-list.js';
import supportChatTicketCreate from './support/chat/ticket-create.js';
import faqArticlesList from './support/faq-articles/list.js';
import faqArticlesRead from './support/faq-articles/read.js';
import faqArticlesCreate from './support/faq-articles/create.js';
import faqArticlesUpdate from './support/faq-articles/update.js';
import faqArticlesDelete from './support/faq-articles/delete.js';
import supportTicketTypesList from './support/ticket-types/list.js';
import supportTicketTypesRead from './support/ticket-types/read.js';
import supportTicketTypesCreate from './support/ticket-types/create.js';
import supportTicketTypesUpdate from './support/ticket-types/update.js';
import supportTicketTypesDelete from './support/ticket-types/delete.js';
import helpCategoriesList from './support/help-categories/list.js';
import helpCategoriesRead from './support/help-categories/read.js';
import helpCategoriesCreate from './support/help-categories/create.js';
import helpCategoriesUpdate from './support/help-categories/update.js';
import helpCategoriesDelete from './support/help-categories/delete.js';
import supportTicketsCreate from './support/tickets/create.js';
import supportTicketsList from './support/tickets/list.js';
import supportTicketsRead from './support/tickets/read.js';
import supportTicketsUpdate from './support/tickets/update.js';
import supportTicketsDelete from './support/tickets/delete.js';
import supportTicketsAddReply from './support/tickets/add-reply.js';
import supportTicketsDownloadAttachment from './support/tickets/download-attachment.js';
import { restqlRoutes } from './projected-catalog/index.js';
import { dataProtectionRoutes } from './data-protection/index.js';

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
  ...dataProtectionRoutes,
] as ServerRoute[];
