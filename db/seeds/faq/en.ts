// Size: seed data (the FAQ articles of one language), not logic.
// FAQ articles in English: real answers about this platform, written from its routes
// and README. Staff edit them through /api/faq-articles/; a release never overwrites
// an edited article (seeded once per slug and language).
import type { SeedArticle } from './types.js';

export const EN: SeedArticle[] = [
  {
    slug: 'create-account',
    category: 'getting-started',
    title: 'Creating an account and verifying your e-mail',
    body: `You register with your e-mail address and a password, then confirm the address with a 6-digit code we send you by e-mail. You can log in only after the address is verified.

1. Send POST /api/auth/register/ with email, password, first_name and last_name (or use the sign-up form of your app).
2. Open the e-mail we sent you and copy the 6-digit verification code. It is valid for 10 minutes.
3. Send POST /api/auth/verify-email/ with your email and the code as otp_code.
4. Log in with POST /api/auth/login/ using your e-mail and password.

You can check whether an address is still free with GET /api/auth/check-email/?email=... before registering. Logging in before verifying answers 403 email_not_verified.`,
  },
  {
    slug: 'verification-code-not-received',
    category: 'account-security',
    title: 'I did not receive my e-mail code, or the code does not work',
    body: `Verification and password reset codes are 6 digits long, sent by e-mail and valid for 10 minutes.

1. Check your spam folder and that you typed the address you registered with.
2. Ask for a new code: POST /api/auth/resend-verification/ for the e-mail verification, or POST /api/auth/resend-password-reset/ for a password reset. Earlier unexpired codes stay valid.
3. Enter the newest code within 10 minutes.

A wrong, expired or already used code is answered with 400 invalid_otp: check the digits, or ask for a new code if it is older than 10 minutes. Wrong codes never lock your code, but too many tries from one network are slowed down (429 with a Retry-After header telling you how long to wait). At most 6 codes per e-mail address and purpose are sent per hour.`,
  },
  {
    slug: 'log-in-and-stay-signed-in',
    category: 'account-security',
    title: 'Logging in, staying signed in and logging out',
    body: `Logging in gives you two tokens: a short-lived access token and a refresh token.

1. Log in with POST /api/auth/login/ and your e-mail and password. The answer holds access, refresh and expires_in.
2. Send the access token with every request in the header Authorization: Bearer <access token>. It is valid for 30 minutes by default.
3. Before it expires, exchange the refresh token at POST /api/token/refresh/ with {"refresh": "..."}. You get a new access token and a new refresh token; the old refresh token is spent. A refresh token lasts 14 days by default.
4. To log out, call POST /api/auth/logout/. With {"all": true} every device is signed out.

Repeated failed logins are slowed down with growing delays (429 too_many_attempts with a Retry-After header); an account is never locked, and the network you usually sign in from is not slowed by a stranger's guesses. If a spent refresh token is sent again, the whole login is revoked for safety (token_reused): log in again. Logging in before the e-mail address is verified answers 403 email_not_verified.`,
  },
  {
    slug: 'reset-forgotten-password',
    category: 'account-security',
    title: 'Resetting a forgotten password',
    body: `If you forgot your password, reset it with a code sent to your e-mail address.

1. Send POST /api/auth/forgot-password/ with your email. The answer is the same whether or not the address has an account.
2. Copy the 6-digit code from the e-mail (valid for 10 minutes). Need another one? POST /api/auth/resend-password-reset/.
3. Send POST /api/auth/reset-password/ with email, otp_code and new_password.
4. Log in again with the new password.

A password reset signs out every existing login of the account, on every device, and revokes all its personal API tokens.`,
  },
  {
    slug: 'change-password',
    category: 'account-security',
    title: 'Changing your password',
    body: `When you know your current password you can change it while logged in.

1. Send POST /api/auth/change-password/ with current_password and new_password, with the access token of a login (not a personal API token: that answers 403 session_required).
2. Your current login stays signed in.

All other logins of the account (other devices, other browsers) are revoked at once, and their open WebSocket connections are closed. Personal API tokens stay valid: revoke them separately at /api/auth/api-tokens/. After 5 wrong current passwords in 15 minutes, change-password answers 429 for a while.`,
  },
  {
    slug: 'create-team-and-invite-members',
    category: 'teams-collaboration',
    title: 'Creating a team and inviting members',
    body: `A team shares inventories, items, products and transactions among its members. Each user belongs to at most one team, and joining one needs the invitee's consent.

1. Create your team with POST /api/teams/ and a name. You become its owner.
2. Invite a colleague with POST /api/teams/{id}/add-member/ and their email (or user_id). This creates an invitation valid for 7 days (answer 202); nobody is added at once.
3. The colleague sees the invitation at GET /api/teams/invitations/ and accepts it with POST /api/teams/invitations/{id}/accept/ (or declines it with .../decline/).
4. Once a member, they work in the team by sending the team scope headers (see "Working in your personal or your team scope").

As the owner you list open invitations at GET /api/teams/{id}/invitations/, withdraw one with DELETE /api/teams/{id}/invitations/{invitation_id}/ and remove a member with POST /api/teams/{id}/remove-member/. Members leave with POST /api/teams/{id}/leave/. Only the owner invites (403 not_team_owner); someone already in a team cannot accept (409 already_in_team). Follow what happens with GET /api/teams/recent-activity/.`,
  },
  {
    slug: 'personal-and-team-scope',
    category: 'teams-collaboration',
    title: 'Working in your personal or your team scope',
    body: `Everything you store belongs either to you (personal scope) or to your team (team scope). Each request says which one it works in.

1. Personal scope is the default; you can also send the header X-Profile-Type: self.
2. For the team scope, send X-Profile-Type: team together with X-Team-Id: <your team id>.
3. Lists show only the rows of the scope you chose. An id from the other scope answers 404, as if it did not exist.

A team you do not belong to answers 403. GET /api/auth/me/ shows which scope your headers select.`,
  },
  {
    slug: 'set-up-first-inventory',
    category: 'getting-started',
    title: 'Setting up your first inventory, storages and storage boxes',
    body: `Stock is organised in three levels: an inventory (for example "Workshop"), its storages (rooms or shelves) and the storage boxes inside them. Items always live in a storage box.

1. Create an inventory: POST /api/inventories/ with a name (optionally an inventory type and icon).
2. Create a storage in it: POST /api/storages/ with the inventory_id and a name.
3. Create storage boxes: POST /api/storage-boxes/ with the storage_id and a name for each box, shelf or bin (a code for its printed label is optional).
4. Add items to a box: see "Adding items and receiving stock".

Lists can be filtered and searched, for example GET /api/storage-boxes/?inventory_id=... . An inventory, storage or box that still holds stock cannot be deleted (409 not_empty): move or consume the stock first.`,
  },
  {
    slug: 'add-items-and-receive-stock',
    category: 'inventory-management',
    title: 'Adding items and receiving stock',
    body: `An inventory item is a product in a storage box with a quantity. You create it once, then its quantity changes only through stock transactions.

1. Create the item with POST /api/inventory-items/ naming the product, the storage box and, if you like, a starting quantity, a unit, a minimum quantity (min_quantity) and an expiry date. A starting quantity is recorded as a receive transaction.
2. To add more stock later, record a receive: POST /api/inventory-transactions/ with {"kind": "receive", "item_id": ..., "quantity": ...}.
3. To receive many products at once (a delivery), send "lines" instead: each line has storage_box_id, product_id and quantity, and the item is created when it does not exist yet (up to 1,000 lines).

Quantities are whole numbers. The quantity field of an item cannot be edited directly (400): use a transaction, so that every change is in the ledger.`,
  },
  {
    slug: 'stock-transactions',
    category: 'inventory-management',
    title: 'Recording stock movements: receive, consume, adjust and move',
    body: `Every change of stock is a transaction in an append-only ledger. Send POST /api/inventory-transactions/ with a kind:

1. receive: stock comes in. {"kind": "receive", "item_id": 12, "quantity": 5}, or "lines" for several items.
2. consume: stock is used or sold. {"kind": "consume", "item_id": 12, "quantity": 2}.
3. adjust: correct the quantity after a count. Send "delta" (for example -3) or "counted_quantity" (the stock you counted); the ledger records the difference.
4. move: move units to another box with "to_storage_box_id" (the item there is created when missing) or onto another item with "to_item_id".

Add "reference" (a delivery note or order number) and "note" if you like. Transactions cannot be edited or deleted (405 ledger_append_only): record a correcting adjust instead. To make retries safe, send an Idempotency-Key header: repeating the same request returns the original transaction instead of booking it twice.`,
  },
  {
    slug: 'insufficient-stock-error',
    category: 'troubleshooting',
    title: 'Why do I get "insufficient_stock" when I consume or move stock?',
    body: `A transaction never takes a quantity below zero. When you consume or move more units than the item holds, the request is refused with 409 insufficient_stock and nothing is written.

1. Read the details of the error: item_id, available, requested and shortfall tell you how much is missing.
2. If the real stock is higher than the system shows, count it and record an adjust with counted_quantity first.
3. Then repeat the consume or move with a quantity that is available.

Other common refusals: quantities must be whole numbers of at least 1; an item with a serial number holds at most 1 (409 serial_quantity); an item id of another scope answers 404.`,
  },
  {
    slug: 'low-stock-and-expiry-alerts',
    category: 'inventory-management',
    title: 'Low stock and expiry alerts',
    body: `The platform warns you when an item runs low or is about to expire.

1. Set a minimum quantity (min_quantity) on an item. When its quantity drops to or below the minimum, a low_stock alert is raised.
2. Set an expiry_date on an item. Within 30 days of that date (with stock left) an expiring_soon alert is raised; once the date has passed it becomes expired.
3. See the alerts with GET /api/inventory-alerts/. New alerts are also pushed to every user of the scope over the WebSocket /ws/notifications/ and kept as notifications.
4. Acknowledge an alert with POST /api/inventory-alerts/{id}/acknowledge/ to record that you saw it.

Acknowledging does not close an alert: a low_stock alert is resolved when the item is restocked above its minimum. Alerts are checked after every transaction and once an hour for passing dates.`,
  },
  {
    slug: 'scan-a-barcode',
    category: 'products-barcodes',
    title: 'Scanning a barcode',
    body: `Scanning a barcode tells you which of your products carry it and where they are in stock.

1. Type or scan the digits and send POST /api/scan-barcode/ with {"code": "4006381333931"}.
2. Or send a photo of the barcode as a multipart image to the same address. The photo is decoded in the background; the call waits for the result or answers 202 with a job id you can poll at GET /api/jobs/{id}/.
3. The answer says found true or false, lists the matching product variants and the boxes holding them.

Unknown codes are not an error: the answer is found false with a message. Every scan is kept in your history at GET /api/barcode-scans/. Supported barcodes are GTINs: EAN-8, UPC-A, EAN-13 and GTIN-14.`,
  },
  {
    slug: 'barcode-check-digit',
    category: 'products-barcodes',
    title: 'A barcode is refused with "invalid_check_digit"',
    body: `Barcodes are GTINs (EAN-8, UPC-A, EAN-13 or GTIN-14) whose last digit is a check digit computed from the others. A mistyped digit makes the check fail.

1. Compare the digits with the printed number under the bars.
2. The error message names the check digit the other digits would need, which helps you find a typo.
3. Scan again or correct the number.

The same product can be found under different spellings of one code: a UPC-A 036000291452 is the same as the EAN-13 0036000291452.`,
  },
  {
    slug: 'products-and-variants',
    category: 'products-barcodes',
    title: 'Products, variants, SKUs and images',
    body: `A product (for example "Cordless drill") has one or more variants (sizes, colours), each with its own SKU, barcode and images.

1. Create a product with POST /api/products/: product_name plus its variants and tags in the same request.
2. Update it with PATCH to change single fields, or PUT to replace the whole product. Variants keep their stock and images when you name them by id or by an unchanged SKU.
3. Upload images with POST /api/product-images/ (multipart image plus variant_id). PNG, JPEG and WebP up to 5 MiB are accepted.
4. Group products in product families with /api/product-families/.

A SKU must be unique in your scope (409 sku_conflict). Barcodes are checked for a valid check digit.`,
  },
  {
    slug: 'read-text-from-an-image',
    category: 'products-barcodes',
    title: 'Reading text from a photo (OCR)',
    body: `The platform can read printed text from an image, for example a label or a receipt.

1. Send the image as multipart "image" to POST /api/process-image/.
2. The answer holds the recognised text, the lines with their position and confidence, and an overall confidence from 0 to 100.
3. If reading takes longer than the wait, you get 202 with a job id: poll GET /api/jobs/{id}/ or listen on /ws/notifications/.

OCR reads English text best. Sharp, well-lit photos taken straight on give the best results.`,
  },
  {
    slug: 'import-supplier-invoice',
    category: 'invoice-import',
    title: 'How do I import a supplier invoice?',
    body: `The invoice import turns a supplier invoice into stock in three steps: upload for a preview, review the lines, then store them all at once.

1. Upload the invoice: POST /api/invoice-import/preview/ as multipart with the file as "document", the inventory_id and storage_box_id the goods go to, and a product_family_name for new products. PDF (also scanned), photos (PNG, JPEG, WebP, TIFF), UBL and CII XML e-invoices, Factur-X/ZUGFeRD and CSV files are read.
2. Review the preview: it shows the vendor, invoice number, date, currency and total, and each line matched to your products by barcode, SKU or name. Lines are "ready" or "needs_review" with reasons such as quantity_missing or weak_name_match. Correct what needs it.
3. Store it: POST /api/invoice-import/bulk-store/ with the session_id and the lines. Everything is stored in one go: products are created where needed and the quantities are received into the box.

The preview is saved as a session, so you can come back to it: GET /api/invoice-import/sessions/latest/ or GET /api/invoice-import/sessions/{id}/. A session can be applied only once (409 session_already_applied).`,
  },
  {
    slug: 'invoice-import-problems',
    category: 'invoice-import',
    title: 'An invoice cannot be read or the bulk store is refused',
    body: `Most problems with the invoice import come from the file itself or from lines that need a correction.

1. "unsupported_document_type" or "empty_file": send a PDF, an image, an XML e-invoice or a CSV file; the type is read from the file's content, not its name.
2. "document_too_large": the file is over the size limit (20 MiB by default).
3. "document_encrypted", "document_corrupt" or "document_empty": remove the password, export the PDF again, or send a clearer scan.
4. "bulk_store_aborted": at least one line is invalid, and nothing was written. The errors list names each line_number, field and message (for example a selected_quantity that is not a whole number). Fix those lines and send the bulk store again.

Scanned pages and photos are read by OCR, which takes about half a second per page. At most 120 previews per user per minute are accepted.`,
  },
  {
    slug: 'verify-your-identity',
    category: 'identity-verification',
    title: 'Verifying your identity',
    body: `Some features need a verified identity. Verification is done by our verification service with an identity document.

1. Start with POST /api/v1/kyc/access-token/. It returns a short-lived token (valid 600 seconds) for the verification SDK and tells you which provider handles it.
2. Follow the steps of the verification screen: upload your identity document (passport, ID card, driving licence or residence permit) and your personal data, then submit.
3. Check the result with GET /api/v1/kyc/status/. You are also notified when it changes.

Statuses: not_started, pending, in_review, approved, retry (something must be corrected, see moderation_comment), rejected (final) and on_hold. A feature that requires verification answers 403 kyc_required until you are approved.`,
  },
  {
    slug: 'verification-retry-or-rejected',
    category: 'identity-verification',
    title: 'My identity verification needs another try or was declined',
    body: `When the review finds a problem your status becomes retry or rejected.

1. Read moderation_comment and reject_labels in GET /api/v1/kyc/status/: they say what was wrong, for example an expired document or an unreadable photo.
2. For retry, start again with POST /api/v1/kyc/reset/ and submit corrected documents, or continue with a new access token.
3. A rejected status is final (409 verification_final on reset): contact support with a ticket if you think it is a mistake.

Verification requests are limited: 15 access tokens and 6 refreshes or resets per minute (429 with Retry-After).`,
  },
  {
    slug: 'api-access-tokens',
    category: 'getting-started',
    title: 'Using the API: access tokens, API tokens and the WebSocket',
    body: `The API uses opaque bearer tokens: the access token of a login, or a personal API token for scripts and integrations.

1. POST /api/auth/login/ returns an access token (valid 30 minutes by default) and a refresh token (14 days by default); renew with POST /api/token/refresh/ and {"refresh": "..."}.
2. For a script, create a personal API token while logged in: POST /api/auth/api-tokens/ with a name and, if you like, expires_in_days (1 to 365). The token (starting with ipt_) is shown only once: store it safely. List your tokens with GET /api/auth/api-tokens/ and revoke one with DELETE /api/auth/api-tokens/{id}/.
3. Send Authorization: Bearer <token> with every request. An API token acts like a login of your user, but cannot manage credentials (403 session_required).
4. For real-time updates, connect to the WebSocket /ws/notifications/?token=<token>. A missing, invalid, expired or revoked token closes it with code 4401.

The interactive documentation is at /api/docs/ (OpenAPI at /api/openapi.json). Errors always have the shape {"error": {"code", "message", "details"}}; 401 means the token is missing or invalid, 429 that you hit a rate limit (wait for Retry-After). A password reset revokes all API tokens.`,
  },
  {
    slug: 'contact-support-with-a-ticket',
    category: 'troubleshooting',
    title: 'Contacting support: creating a ticket',
    body: `When the help articles do not answer your question, open a support ticket and our team will reply.

1. Create it with POST /api/support-tickets/: a subject and a description are required; choose a ticket_type (default general) and a priority (low, medium, high or urgent; default medium). Link help categories with help_category_ids.
2. To attach screenshots or documents (images, PDF or text files), send the ticket as multipart.
3. Follow your tickets with GET /api/support-tickets/ and add information with POST /api/support-tickets/{id}/add_reply/.

Each ticket gets a number like TKT-7KQ2M9XA. Its status moves from open to in_progress while we work on it and to resolved with a resolution text. You see only your own tickets. The available ticket types are listed at GET /api/support-ticket-types/.`,
  },
  {
    slug: 'ai-support-chat',
    category: 'troubleshooting',
    title: 'How the AI support chat works',
    body: `The support chat answers questions from these help articles and tells you which articles it used.

1. Start a session: POST /api/v1/support/chat/sessions/ with your language, or send support.chat.sessions.create on the WebSocket /ws/support/ai-chat/?token=<access token>.
2. Ask your question: POST /api/v1/support/chat/sessions/{session_id}/messages/ with {"message": "..."} or support.chat.message.send. Answers arrive within 45 seconds.
3. If the assistant cannot help, it offers a support ticket with a prepared draft. Nothing is created until you agree: POST .../ticket/ with {"consent": true}.

Your conversations are stored encrypted and only you can read them (GET /api/v1/support/chat/sessions/). The assistant cannot see your account data or anyone else's, and it cannot create a ticket by itself.`,
  },
  {
    slug: 'real-time-notifications',
    category: 'getting-started',
    title: 'Real-time notifications and background jobs',
    body: `Some work runs in the background: photo barcode scans, OCR, invoice previews and bulk stores. You get the result in three ways.

1. Wait: the request waits up to 25 seconds and answers with the result.
2. Poll: if the work takes longer, the answer is 202 with a job_id and a poll_url; read GET /api/jobs/{id}/ until its state is completed or failed.
3. Listen: connect to /ws/notifications/?token=<access token>; the server sends connection.ready, then job.completed and job.failed messages, stock alerts and other notifications.

After a reconnect, send {"type": "jobs.get", "data": {"job_id": "..."}} to catch up on a job. Stored notifications are listed at GET /api/notifications/.`,
  },
];
