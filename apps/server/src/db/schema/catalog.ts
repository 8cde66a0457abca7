import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OFFER_CATEGORIES, PRODUCT_LINES } from '@farha/contracts/catalog';
import { createdAt, id, oneOf, requiredRef, updatedAt } from './columns.ts';
import { partners } from './partners.ts';
import { users } from './users.ts';

// owner: partners
export const offers = pgTable(
  'offers',
  {
    id: id(),
    partnerId: requiredRef('partner_id', () => partners.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Arabic title and description (issue 15); French is shown where they are empty. */
    titleAr: text('title_ar'),
    descriptionAr: text('description_ar'),
    category: text('category').notNull().default('bien-etre'),
    /** Integer DZD. */
    faceValue: integer('face_value').notNull(),
    topupAllowed: boolean('topup_allowed').notNull().default(false),
    imageUrl: text('image_url'),
    termsConditions: text('terms_conditions'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offers_partner_idx').on(t.partnerId),
    check('offers_category_check', oneOf(t.category, OFFER_CATEGORIES)),
    check('offers_face_value_check', sql`${t.faceValue} > 0`),
  ],
);

// owner: catalog
export const boxes = pgTable(
  'boxes',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** Arabic name and description (issue 15); French is shown where they are empty. */
    nameAr: text('name_ar'),
    descriptionAr: text('description_ar'),
    /** Integer DZD. */
    price: integer('price').notNull(),
    validityDays: integer('validity_days').notNull().default(365),
    exchangeOnce: boolean('exchange_once').notNull().default(true),
    category: text('category').notNull(),
    imageUrl: text('image_url'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('boxes_category_idx').on(t.category),
    index('boxes_active_price_idx').on(t.active, t.price),
    check('boxes_category_check', oneOf(t.category, PRODUCT_LINES)),
    check('boxes_price_check', sql`${t.price} > 0`),
    check('boxes_validity_check', sql`${t.validityDays} > 0`),
  ],
);

// owner: catalog
export const boxOffers = pgTable(
  'box_offers',
  {
    id: id(),
    boxId: requiredRef('box_id', () => boxes.id, { onDelete: 'cascade' }),
    offerId: requiredRef('offer_id', () => offers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('box_offers_pair_key').on(t.boxId, t.offerId), index('box_offers_offer_idx').on(t.offerId)],
);

// owner: catalog
export const favourites = pgTable(
  'favourites',
  {
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    boxId: requiredRef('box_id', () => boxes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.boxId] })],
);

/**
 * Sales per box for the catalogue admin (issue 13), kept by a trigger on vouchers (hand-written in the
 * migration): counting a popular box's vouchers on each page view would read hundreds of thousands of
 * rows once there are a million vouchers.
 */
// owner: catalog (rows kept by a trigger of the migrations; no code writes them)
export const boxSales = pgTable('box_sales', {
  boxId: uuid('box_id')
    .primaryKey()
    .references(() => boxes.id, { onDelete: 'cascade' }),
  vouchersSold: integer('vouchers_sold').notNull().default(0),
  /** Integer DZD: the sum of the vouchers' face values (the prices paid). */
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
});
