import type { Queryable } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import { catalogBoxReviewed } from './cache.ts';

export type NewReview = {
  voucherId: string;
  userId: string;
  boxId: string;
  createdAt: Date;
  partnerId?: string | null;
  /** 1 to 5. */
  rating: number;
  comment?: string | null;
};

/**
 * Stores a review (one per voucher) and updates the reviewed box in the cached catalogue (its rating, the
 * sort by rating and the statistics come from stored reviews). Every review insert should go through here.
 */
export async function recordReview(db: Queryable, review: NewReview): Promise<{ id: string }> {
  const [row] = await db
    .insert(reviews)
    .values({
      voucherId: review.voucherId,
      userId: review.userId,
      boxId: review.boxId,
      partnerId: review.partnerId ?? null,
      rating: review.rating,
      comment: review.comment?.trim() || null,
      createdAt: review.createdAt,
    })
    .returning({ id: reviews.id });
  catalogBoxReviewed(review.boxId);
  return row!;
}
