// The absolute URLs clients are given: in answers (media files, downloads, attachments)
// and in mails the workers send (a ticket, a report). The route paths are the API's
// contract with its clients, shared by web and workers like the job catalog, so they
// live here, spelled once, beside PUBLIC_BASE_URL; the domain asks `platform.links`
// for a link by what it points at and never spells a URL or a route.
export interface PublicLinks {
  /** a stored file under MEDIA_ROOT (its path relative to it); `media('')` is the prefix */
  media(relative: string): string;
  barcodeScanImage(scanId: number | string): string;
  /** the product list with these query parameters, in this order */
  productList(query: Record<string, string>): string;
  ticket(ticketId: string): string;
  /** the ticket list, newest first */
  newestTickets(): string;
  ticketAttachment(ticketId: string, attachmentId: string): string;
  reportDownload(reportId: number | string): string;
  dataExportDownload(exportId: string): string;
  userSubscription(subscriptionId: number | string): string;
  subscriptionPlans(): string;
  curatedSubscription(subscriptionId: number | string): string;
  curatedList(listId: number | string): string;
  /** the billing sandbox's pages (PAYMENT_PROCESSOR=sandbox) */
  sandboxCheckout(sessionId: string): string;
  sandboxInvoice(invoiceId: string): string;
}

export function publicLinks(publicBaseUrl: string): PublicLinks {
  const at = (path: string) => `${publicBaseUrl}${path}`;
  return {
    media: (relative) => at(`/media/${relative}`),
    barcodeScanImage: (scanId) => at(`/api/barcode-scans/${scanId}/image/`),
    productList(query) {
      const url = new URL('/api/products/', publicBaseUrl);
      for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
      return url.toString();
    },
    ticket: (ticketId) => at(`/api/support-tickets/${ticketId}/`),
    newestTickets: () => at('/api/support-tickets/?ordering=-created_at'),
    ticketAttachment: (ticketId, attachmentId) => at(`/api/support-tickets/${ticketId}/attachments/${attachmentId}/`),
    reportDownload: (reportId) => at(`/api/reports/${reportId}/download/`),
    dataExportDownload: (exportId) => at(`/api/data-export-requests/${exportId}/download/`),
    userSubscription: (subscriptionId) => at(`/api/user-subscriptions/${subscriptionId}/`),
    subscriptionPlans: () => at('/api/subscription-plans/'),
    curatedSubscription: (subscriptionId) => at(`/api/curated-subscriptions/${subscriptionId}/`),
    curatedList: (listId) => at(`/api/curated-lists/${listId}/`),
    sandboxCheckout: (sessionId) => at(`/billing/sandbox/checkout/${sessionId}/`),
    sandboxInvoice: (invoiceId) => at(`/billing/sandbox/invoices/${invoiceId}/`),
  };
}
