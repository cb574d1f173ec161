// Every route of the reports area: reports and their schedules, analytics, the
// transaction log, order lists and their items.
import type { ServerRoute } from '@hapi/hapi';
import generateReport from './generate.js';
import reportsList from './reports/list.js';
import reportsRead from './reports/read.js';
import reportsDownload from './reports/download.js';
import schedulesList from './report-schedules/list.js';
import schedulesCreate from './report-schedules/create.js';
import schedulesRead from './report-schedules/read.js';
import schedulesReplace from './report-schedules/replace.js';
import schedulesUpdate from './report-schedules/update.js';
import schedulesDelete from './report-schedules/delete.js';
import analyticsRead from './analytics/read.js';
import transactionLogsList from './transaction-logs/list.js';
import transactionLogsRead from './transaction-logs/read.js';
import createOrderList from './order-lists/create-from-low-stock.js';
import orderListsList from './order-lists/list.js';
import orderListsCreate from './order-lists/create.js';
import orderListsRead from './order-lists/read.js';
import orderListsReplace from './order-lists/replace.js';
import orderListsUpdate from './order-lists/update.js';
import orderListsDelete from './order-lists/delete.js';
import orderListsReceive from './order-lists/receive.js';
import orderListItemsList from './order-list-items/list.js';
import orderListItemsCreate from './order-list-items/create.js';
import orderListItemsRead from './order-list-items/read.js';
import orderListItemsReplace from './order-list-items/replace.js';
import orderListItemsUpdate from './order-list-items/update.js';
import orderListItemsDelete from './order-list-items/delete.js';

export const reportRoutes: ServerRoute[] = [
  generateReport, reportsList, reportsRead, reportsDownload,
  schedulesList, schedulesCreate, schedulesRead, schedulesReplace, schedulesUpdate, schedulesDelete,
  analyticsRead,
  transactionLogsList, transactionLogsRead,
  createOrderList, orderListsList, orderListsCreate, orderListsRead, orderListsReplace, orderListsUpdate, orderListsDelete, orderListsReceive,
  orderListItemsList, orderListItemsCreate, orderListItemsRead, orderListItemsReplace, orderListItemsUpdate, orderListItemsDelete,
] as ServerRoute[];
