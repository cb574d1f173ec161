// Support: tickets, ticket types, help categories, FAQ articles and the AI support chat: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
import chatSessionsCreate from './chat/sessions-create.js';
import chatSessionsList from './chat/sessions-list.js';
import chatSessionsGet from './chat/sessions-get.js';
import chatMessagesCreate from './chat/messages-create.js';
import chatMessagesList from './chat/messages-list.js';
import chatTicketCreate from './chat/ticket-create.js';
import faqArticlesList from './faq-articles/list.js';
import faqArticlesRead from './faq-articles/read.js';
import faqArticlesCreate from './faq-articles/create.js';
import faqArticlesUpdate from './faq-articles/update.js';
import faqArticlesDelete from './faq-articles/delete.js';
import supportTicketTypesList from './ticket-types/list.js';
import supportTicketTypesRead from './ticket-types/read.js';
import supportTicketTypesCreate from './ticket-types/create.js';
import supportTicketTypesUpdate from './ticket-types/update.js';
import supportTicketTypesDelete from './ticket-types/delete.js';
import helpCategoriesList from './help-categories/list.js';
import helpCategoriesRead from './help-categories/read.js';
import helpCategoriesCreate from './help-categories/create.js';
import helpCategoriesUpdate from './help-categories/update.js';
import helpCategoriesDelete from './help-categories/delete.js';
import supportTicketsCreate from './tickets/create.js';
import supportTicketsList from './tickets/list.js';
import supportTicketsRead from './tickets/read.js';
import supportTicketsUpdate from './tickets/update.js';
import supportTicketsDelete from './tickets/delete.js';
import supportTicketsAddReply from './tickets/add-reply.js';
import supportTicketsDownloadAttachment from './tickets/download-attachment.js';

export default defineArea({
  name: 'support',
  tags: [
    { name: 'support-tickets', description: 'Support tickets: encrypted descriptions and replies, blind-index search, status moves, staff-internal notes, private attachments, notifications' },
    { name: 'support-ticket-types', description: 'Ticket types (translated; staff manage them)' },
    { name: 'help-categories', description: 'Help categories of tickets and FAQ articles (translated; staff manage them)' },
    { name: 'faq-articles', description: 'FAQ articles (translated; staff manage them)' },
    { name: 'support-chat', description: 'The AI support chat: sessions, messages (answers as jobs) and a ticket from a chat' },
  ],
  routes: [
    chatSessionsCreate,
    chatSessionsList,
    chatSessionsGet,
    chatMessagesCreate,
    chatMessagesList,
    chatTicketCreate,
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
  ],
});
