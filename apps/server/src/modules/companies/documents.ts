import { and, desc, eq } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { COMPANY_DOCUMENT_TYPES } from '@farha/contracts/company';
import { companyDocuments, storedFiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { checkUpload, type FileStorage, storeCheckedFile } from '../files/index.ts';

export type CompanyDocumentType = (typeof COMPANY_DOCUMENT_TYPES)[number];
const DOCUMENT_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** A document finance asks for (extrait du RC, carte NIF, statuts), checked like a partner's KYC document. */
export async function uploadCompanyDocument(
  db: Db,
  storage: FileStorage,
  input: { companyId: string; userId: string; type: string | undefined; data: Buffer; filename: string; now: Date },
) {
  if (!(COMPANY_DOCUMENT_TYPES as readonly (string | undefined)[]).includes(input.type)) throw new AppError('KYC_DOCUMENT_TYPE', { field: 'type' });
  const checked = await checkUpload({ data: input.data, filename: input.filename, allowed: DOCUMENT_FILE_TYPES });
  return db.transaction(async (tx) => {
    const file = await storeCheckedFile(tx, storage, checked, { purpose: 'company_document', ownerUserId: input.userId, now: input.now });
    const [doc] = await tx
      .insert(companyDocuments)
      .values({ companyId: input.companyId, type: input.type as CompanyDocumentType, fileId: file.id, createdAt: input.now })
      .returning();
    return doc!;
  });
}

/** A company's documents, newest first (the latest of each type is the one that counts). */
export async function listCompanyDocuments(db: Queryable, companyId: string) {
  const rows = await db
    .select({ id: companyDocuments.id, type: companyDocuments.type, filename: storedFiles.filename, createdAt: companyDocuments.createdAt })
    .from(companyDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, companyDocuments.fileId))
    .where(eq(companyDocuments.companyId, companyId))
    .orderBy(desc(companyDocuments.createdAt), desc(companyDocuments.id))
    .limit(50);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** One document's stored file, within one company (404 for another's). */
export async function companyDocumentFile(db: Queryable, companyId: string, documentId: string) {
  const [row] = await db
    .select({ file: storedFiles })
    .from(companyDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, companyDocuments.fileId))
    .where(and(eq(companyDocuments.id, documentId), eq(companyDocuments.companyId, companyId)));
  if (!row) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
  return row.file;
}
