import { voucherPublicUrl } from '@farha/contracts/vouchers';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { boxes, boxOffers, offers, partners, vouchers } from '../../db/schema/index.ts';
import { qrCodes } from '../../lib/qr-code.ts';

export type VoucherDocument = {
  voucher: typeof vouchers.$inferSelect;
  box: typeof boxes.$inferSelect;
  offers: { id: string; title: string; titleAr: string | null; partnerName: string; city: string; address: string }[];
};

/** Everything a voucher's e-mail, PDF and public page show: the voucher, its box, where to use it. */
export async function loadVoucherDocument(db: Queryable, voucherId: string): Promise<VoucherDocument | null> {
  const [row] = await db
    .select({ voucher: vouchers, box: boxes })
    .from(vouchers)
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .where(eq(vouchers.id, voucherId))
    .limit(1);
  if (!row) return null;
  return { ...row, offers: await boxOffersWithPartners(db, row.box.id) };
}

export async function boxOffersWithPartners(db: Queryable, boxId: string) {
  return db
    .select({
      id: offers.id,
      title: offers.title,
      titleAr: offers.titleAr,
      partnerName: partners.name,
      city: partners.city,
      address: partners.address,
    })
    .from(boxOffers)
    .innerJoin(offers, eq(offers.id, boxOffers.offerId))
    .innerJoin(partners, eq(partners.id, offers.partnerId))
    .where(and(eq(boxOffers.boxId, boxId), eq(offers.active, true), eq(partners.active, true)))
    .orderBy(asc(partners.city), asc(offers.title), asc(offers.id));
}

export { voucherPublicUrl };

export async function voucherQrPng(publicUrl: string, code: string): Promise<Buffer> {
  return (await qrCodes()).toBuffer(voucherPublicUrl(publicUrl, code), {
    type: 'png',
    width: 360,
    margin: 1,
    errorCorrectionLevel: 'M',
  });
}
