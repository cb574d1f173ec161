// Inventories, storage, items, the stock ledger and alerts: the area's routes, one file per endpoint, and its OpenAPI tags.
import { defineArea } from '../area.js';
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

export default defineArea({
  name: 'inventory',
  tags: [
    { name: 'inventory-icons', description: 'Emoji / PNG icons; seeded defaults are read-only' },
    { name: 'inventory-types', description: 'Kinds of inventory with an icon id; seeded defaults are read-only' },
    { name: 'inventories', description: 'Inventories: the top of inventory -> storages -> storage boxes -> items' },
    { name: 'storages', description: 'Rooms, shelves and areas of an inventory' },
    { name: 'storage-boxes', description: 'Boxes, bins and drawers inside a storage' },
    { name: 'inventory-items', description: 'A product in a box; quantity changes only through transactions' },
    { name: 'inventory-transactions', description: 'The append-only stock ledger: receive, consume, adjust, move, import' },
    { name: 'inventory-alerts', description: 'Low-stock and expiry alerts, raised and resolved by a job, pushed over /ws/notifications/' },
  ],
  routes: [
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
  ],
});
