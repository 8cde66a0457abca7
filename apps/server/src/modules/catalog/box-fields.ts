import type { TBoxFields, TProductLine } from '@farha/contracts/catalog';
import type { boxes } from '../../db/schema/index.ts';

/** A box row as the storefront's list and the back office's both show it (contracts' ZBoxFields). */
export const toBoxFields = (box: Pick<typeof boxes.$inferSelect, keyof TBoxFields>): TBoxFields => ({
  id: box.id,
  name: box.name,
  description: box.description,
  nameAr: box.nameAr,
  descriptionAr: box.descriptionAr,
  price: box.price,
  validityDays: box.validityDays,
  exchangeOnce: box.exchangeOnce,
  category: box.category as TProductLine,
  imageUrl: box.imageUrl,
});
