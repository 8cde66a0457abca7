import { and, desc, eq } from 'drizzle-orm';
import { KYC_DOCUMENT_LABELS, KYC_DOCUMENT_TYPES, type TKycState } from '@farha/contracts/admin';
import type { Db, Queryable } from '../../db/client.ts';
import { kycDocuments, partners, storedFiles, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { checkUpload, storeCheckedFile } from '../files/index.ts';
import type { FileStorage } from '../files/index.ts';
import { enqueueEmail, wakeOutbox } from '../notifications/index.ts';
import { notifyPartnerMembers } from './notifications.ts';
import { ADMIN_FIGURES_AUDIENCE, publish } from '../realtime/index.ts';
import { partnerStepEmail, type PartnerStep } from './kyc-emails.ts';
import type { TNotificationParams } from '@farha/contracts/partner';

type PartnerRow = typeof partners.$inferSelect;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** docs/product/partners.md §4: KYC documents are PDF, JPEG or PNG, up to 10 MB (checkUpload checks the real bytes). */
export const KYC_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** Where a document is read: the partner's own route, or the back office's. */
export const kycDocumentUrl = (documentId: string, audience: 'partner' | 'admin', partnerId: string) =>
  audience === 'partner' ? `/api/partner/kyc/documents/${documentId}` : `/api/admin/partners/${partnerId}/kyc/documents/${documentId}`;

/** The partner's KYC: status, decision, its latest document of each type and what is still missing. */
export async function kycState(db: Queryable, partner: PartnerRow, audience: 'partner' | 'admin'): Promise<TKycState> {
  const rows = await db
    .select({ doc: kycDocuments, file: storedFiles })
    .from(kycDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, kycDocuments.fileId))
    .where(eq(kycDocuments.partnerId, partner.id))
    .orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!latest.has(row.doc.type)) latest.set(row.doc.type, row);
  const documents = KYC_DOCUMENT_TYPES.flatMap((type) => {
    const row = latest.get(type);
    if (!row) return [];
    return [
      {
        id: row.doc.id,
        type,
        typeLabel: KYC_DOCUMENT_LABELS[type],
        fileName: row.file.filename,
        contentType: row.file.contentType,
        sizeBytes: row.file.sizeBytes,
        uploadedAt: row.doc.createdAt.toISOString(),
        url: kycDocumentUrl(row.doc.id, audience, partner.id),
      },
    ];
  });
  return {
    status: partner.kycStatus,
    submittedAt: partner.kycSubmittedAt?.toISOString() ?? null,
    reviewedAt: partner.kycReviewedAt?.toISOString() ?? null,
    rejectionReason: partner.kycRejectionReason,
    documents,
    missing: KYC_DOCUMENT_TYPES.filter((t) => !latest.has(t)),
  };
}

/** The owner uploads one document; a newer one of the same type replaces the older in the state. */
export async function uploadKycDocument(
  db: Db,
  storage: FileStorage,
  input: { partnerId: string; userId: string; type: KycDocumentType; data: Buffer; filename: string; now: Date },
) {
  // Checked (parsed or re-encoded) before the transaction opens; only the checked bytes are stored.
  const checked = await checkUpload({ data: input.data, filename: input.filename, allowed: KYC_FILE_TYPES });
  return db.transaction(async (tx) => {
    const file = await storeCheckedFile(tx, storage, checked, { purpose: 'kyc_document', ownerUserId: input.userId, now: input.now });
    const [doc] = await tx
      .insert(kycDocuments)
      .values({ partnerId: input.partnerId, type: input.type, fileId: file.id, createdAt: input.now })
      .returning();
    return doc!;
  });
}

/** docs/product/partners.md §4: submission needs the three types ('Documents manquants: …'); the status stays (or goes back to) pending. */
export async function submitKyc(db: Db, input: { partnerId: string; now: Date; publicUrl: string }): Promise<PartnerRow> {
  const row = await db.transaction(async (tx) => {
    const [partner] = await tx.select().from(partners).where(eq(partners.id, input.partnerId)).for('update');
    if (!partner) throw new AppError('PARTNER_NOT_FOUND');
    if (partner.kycStatus === 'verified') throw new AppError('KYC_ALREADY_VERIFIED');
    const state = await kycState(tx, partner, 'partner');
    if (state.missing.length) {
      throw new AppError('KYC_DOCUMENTS_MISSING', { params: { documents: state.missing.join(', ') } });
    }
    const [updated] = await tx
      .update(partners)
      .set({ kycStatus: 'pending', kycSubmittedAt: input.now, kycRejectionReason: null, updatedAt: input.now })
      .where(eq(partners.id, partner.id))
      .returning();
    await tellPartner(tx, updated!, { kind: 'kyc_submitted' }, input);
    // Issue 36: the KYC queue of the admin dashboard (docs/product/realtime.md §6).
    await publish(tx, { topic: 'admin.figures', audience: ADMIN_FIGURES_AUDIENCE, payload: { change: 'kyc_submitted' }, now: input.now });
    return updated!;
  });
  wakeOutbox();
  return row;
}

/** A KYC document of this partner (never another's): the stored file to stream. */
export async function kycDocumentFile(db: Queryable, partnerId: string, documentId: string) {
  const [row] = await db
    .select({ file: storedFiles })
    .from(kycDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, kycDocuments.fileId))
    .where(and(eq(kycDocuments.id, documentId), eq(kycDocuments.partnerId, partnerId)));
  if (!row) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
  return row.file;
}

/** What the feed's web words a step from, besides its kind. */
function stepParams(step: PartnerStep): TNotificationParams {
  if (step.kind === 'kyc_rejected') return { reason: step.reason };
  if (step.kind === 'terms_changed') return { commissionBp: step.commissionBp, settlementCycle: step.settlementCycle };
  return {};
}

/** Feed notification to the members and an e-mail to the owner, in the caller's transaction. */
export async function tellPartner(tx: Queryable, partner: PartnerRow, step: PartnerStep, ctx: { now: Date; publicUrl: string }) {
  const link = `${ctx.publicUrl}/partenaire/profile`;
  const content = partnerStepEmail(partner.name, step, link);
  await notifyPartnerMembers(tx, partner.id, { kind: step.kind, params: stepParams(step), title: content.subject, link: '/partenaire/profile' }, { now: ctx.now });
  if (!partner.ownerUserId) return;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, partner.ownerUserId));
  if (owner) await enqueueEmail(tx, { render: (locale) => partnerStepEmail(partner.name, step, link, locale), now: ctx.now, to: owner.email, template: `partner_${step.kind}` });
}
