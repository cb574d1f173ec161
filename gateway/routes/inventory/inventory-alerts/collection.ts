// /api/inventory-alerts/: low-stock and expiry alerts of the scope. Raised and
// resolved by the alert job; a client lists, reads and acknowledges them.
import Joi from 'joi';
import { locationFields } from '../inventory-fields.js';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { alertsDef } from '../../../../domain/inventory/inventory-alert-read-service.js';
import { ALERT_KINDS } from '../../../../domain/inventory/inventory-alert-monitor.js';

export const AlertOut = Joi.object({
  id: Joi.number().integer().required(),
  item_id: Joi.number().integer().required(),
  kind: Joi.string().valid(...ALERT_KINDS).required(),
  status: Joi.string().valid('active', 'resolved').required(),
  message: Joi.string().required(),
  quantity: Joi.number().integer().description('the item\'s current quantity'),
  min_quantity: Joi.number().integer(),
  unit: Joi.string(),
  expiry_date: Joi.string().allow(null),
  quantity_at_alert: Joi.number().integer(),
  product_id: Joi.number().integer(),
  product_name: Joi.string(),
  ...locationFields,
  acknowledged: Joi.boolean(),
  acknowledged_at: Joi.string().isoDate().allow(null),
  acknowledged_by: Joi.string().guid().allow(null),
  resolved_at: Joi.string().isoDate().allow(null),
  profile_type: Joi.string().valid('self', 'team'),
  team_id: Joi.number().integer().allow(null),
  created_at: Joi.string().isoDate(),
  updated_at: Joi.string().isoDate(),
}).label('InventoryAlert');

export const inventoryAlertsCollection = defineCollection({
  path: '/api/inventory-alerts/',
  tag: 'inventory-alerts',
  singular: 'inventory alert',
  plural: 'inventory alerts',
  service: (s) => s.inventory.alerts,
  out: AlertOut,
  listQuery: listQuerySchema(alertsDef().list, 'InventoryAlertListQuery'),
  update: Joi.object({ acknowledged: Joi.boolean().valid(true).required() }).label('InventoryAlertPatch'),
  notes: {
    list: 'low_stock: min_quantity > 0 and quantity <= min_quantity; expiring_soon: expiry within 30 days; expired. Raised by a job after the transaction that crossed the line, resolved automatically on restock, pushed over /ws/notifications/ as {"type": "inventory.alert"}.',
    update: 'Only {"acknowledged": true}; an alert resolves itself when the condition ends. 409 already_acknowledged on a second acknowledgement.',
  },
});
