// The inventory collections' services, built once per process and exposed as
// services.inventory (routes under gateway/routes/inventory-*/, storages/, ...).
import type { Platform } from '../../db/platform.js';
import type { AuditService } from '../audit/audit-service.js';
import type { MediaStore } from '../media/media-store.js';
import type { StockLedger } from './stock-ledger.js';
import type { InventoryAlertMonitor } from './inventory-alert-monitor.js';
import { ScopedCollection } from '../shared/scoped-collection.js';
import type { PlanLimits } from '../billing/plan-limits.js';
import { iconsDef, type IconOut } from './inventory-icons.js';
import { typesDef } from './inventory-types.js';
import { inventoriesDef } from './inventories.js';
import { storagesDef } from './storages.js';
import { storageBoxesDef } from './storage-boxes.js';
import { InventoryItemService } from './inventory-item-service.js';
import { InventoryTransactionService } from './inventory-transaction-service.js';
import { InventoryAlertReadService } from './inventory-alert-read-service.js';
import { AuditLogReadService } from '../audit/audit-log-read-service.js';

type Row = Record<string, unknown>;

export interface InventoryCollections {
  icons: ScopedCollection<IconOut>;
  types: ScopedCollection<Row>;
  inventories: ScopedCollection<Row>;
  storages: ScopedCollection<Row>;
  storageBoxes: ScopedCollection<Row>;
  items: InventoryItemService;
  transactions: InventoryTransactionService;
  alerts: InventoryAlertReadService;
  auditLogs: AuditLogReadService;
}

export function createInventoryCollections(platform: Platform, deps: { audit: AuditService; media: MediaStore; ledger: StockLedger; alerts: InventoryAlertMonitor; planLimits?: PlanLimits }): InventoryCollections {
  const { audit } = deps;
  return {
    icons: new ScopedCollection(platform, audit, iconsDef(deps.media)),
    types: new ScopedCollection(platform, audit, typesDef(deps.media)),
    inventories: new ScopedCollection(platform, audit, inventoriesDef(deps.planLimits)),
    storages: new ScopedCollection(platform, audit, storagesDef()),
    storageBoxes: new ScopedCollection(platform, audit, storageBoxesDef()),
    items: new InventoryItemService(platform, audit, deps.ledger),
    transactions: new InventoryTransactionService(platform, deps.ledger),
    alerts: new InventoryAlertReadService(platform, audit, deps.alerts),
    auditLogs: new AuditLogReadService(platform),
  };
}
