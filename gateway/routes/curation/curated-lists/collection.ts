// /api/curated-lists/: a curator's named lists of products (the scope's own products),
// public, unlisted (shared by slug) or for subscribers, free or priced per interval in
// minor units. GET lists the scope's own lists and other curators' public and
// subscribers lists; a list's products are shown to those who may read them.
import Joi from 'joi';
import { defineCollection } from '../../collection-routes.js';
import { listQuerySchema } from '../../../../domain/shared/listing.js';
import { curatedListSpec } from '../../../../domain/curation/list-service.js';

/** Text without control characters (names and notes are shown to other users). */
export const plainText = (max: number) => Joi.string().trim().max(max).pattern(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/).messages({ 'string.pattern.base': '{#label} must not contain control characters' });

const visibility = Joi.string().valid('public', 'unlisted', 'subscribers').description('public: listed and readable by everyone signed in; unlisted: readable through its slug (the share link); subscribers: listed, products readable by live subscribers only');
const currency = Joi.string().uppercase().pattern(/^[A-Z]{3}$/).description('ISO 4217').messages({ 'string.pattern.base': 'currency must be a 3-letter ISO 4217 code' });
const interval = Joi.string().valid('month', 'year');
const price = Joi.number().integer().min(50).max(10_000_000).allow(null).description('price per interval in minor units (cents); null = free');

export const CuratedListItemOut = Joi.object({
  id: Joi.number().integer().required(),
  position: Joi.number().integer().required(),
  note: Joi.string().allow('').required(),
  product: Joi.object({
    id: Joi.number().integer().required(),
    name: Joi.string().required(),
    description: Joi.string().allow('').required(),
    category: Joi.string().allow('').required(),
    base_unit: Joi.string().allow('').required(),
  }).label('CuratedProduct').required(),
  created_at: Joi.string().isoDate().required(),
  updated_at: Joi.string().isoDate().required(),
}).label('CuratedListItem');

const listFields = {
  id: Joi.number().integer().required(),
  name: Joi.string().required(),
  slug: Joi.string().required().description('share link: GET /api/curated-lists/by-slug/{slug}/'),
  description: Joi.string().allow('').required(),
  visibility: visibility.required(),
  price: Joi.number().integer().allow(null).required().description('minor units per interval; null = free'),
  currency: Joi.string().allow(null).required(),
  interval: interval.allow(null).required(),
  plan: Joi.number().integer().allow(null).required().description('the hidden subscription plan carrying the current price'),
  item_count: Joi.number().integer().required(),
  is_mine: Joi.boolean().required().description('the caller\'s scope curates it'),
  subscribed: Joi.boolean().required().description('the caller\'s scope has a live subscription to it'),
  profile_type: Joi.string().valid('self', 'team').required(),
  team_id: Joi.number().integer().allow(null).required(),
  created_by: Joi.string().guid().allow(null).required().description('shown to the curator only'),
  created_at: Joi.string().isoDate().required(),
  updated_at: Joi.string().isoDate().required(),
};

export const CuratedListOut = Joi.object({
  ...listFields,
  items_locked: Joi.boolean().description('true when the products are for subscribers and the caller is not one (when one list is read)'),
  items: Joi.array().items(CuratedListItemOut).allow(null).description('the products in order, null when locked (when one list is read, not in lists)'),
}).label('CuratedList');

/** currency and interval come with a price, never without one */
const withPrice = {
  currency: currency.when('price', { is: Joi.number().required(), then: Joi.required(), otherwise: Joi.forbidden() }),
  interval: interval.when('price', { is: Joi.number().required(), then: Joi.required(), otherwise: Joi.forbidden() }),
};

const CuratedListIn = Joi.object({
  name: plainText(120).min(1).required(),
  description: plainText(5000).allow('').default(''),
  visibility: visibility.default('public'),
  price,
  ...withPrice,
}).label('CuratedListIn');

const CuratedListPatch = Joi.object({
  name: plainText(120).min(1),
  description: plainText(5000).allow(''),
  visibility,
  price,
  ...withPrice,
}).min(1).messages({ 'object.min': 'Send at least one field to change.' }).label('CuratedListPatch');

export const curatedListsCollection = defineCollection({
  path: '/api/curated-lists/',
  tag: 'curated-lists',
  singular: 'curated list',
  plural: 'curated lists',
  service: (s) => s.curation.lists,
  out: CuratedListOut,
  listQuery: listQuerySchema(curatedListSpec, 'CuratedListListQuery'),
  create: CuratedListIn,
  update: CuratedListPatch,
  notes: {
    list: 'The scope\'s own lists and other curators\' public and subscribers lists (mine=true|false narrows). Unlisted lists of others are reached by slug only. Items are not included; read one list for them.',
    read: 'Any public or subscribers list; an unlisted one only when it is yours or you subscribe (others use its slug). items is null and items_locked true for a subscribers list you do not subscribe to.',
    create: 'price (minor units, at least 50), currency and interval go together; a priced list is subscribed to through the processor\'s checkout.',
    update: 'Only the curator. A new price applies to new subscribers; live subscriptions keep theirs. price null makes the list free for new subscribers.',
    delete: '409 list_has_paid_subscriptions when the list ever had a paid subscriber (its earnings refer to it): make it unlisted instead.',
  },
});
