import type { TCompanyBoxChoices } from '@farha/contracts/company';
import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { boxes } from '../../db/schema/index.ts';
import { toCsv } from '../../lib/csv.ts';

/** The columns of a recipients file, in the order the template gives them (docs/product/companies.md §3). */
export const RECIPIENT_TEMPLATE_HEADER = ['nom', 'email', 'mobile', 'coffret', 'message', 'date', 'langue'] as const;

/** The active boxes a row may name, by French name then id (docs/product/companies.md §3). */
export async function companyBoxChoices(db: Queryable): Promise<TCompanyBoxChoices['boxes']> {
  return db
    .select({ id: boxes.id, name: boxes.name, nameAr: boxes.nameAr, price: boxes.price })
    .from(boxes)
    .where(eq(boxes.active, true))
    .orderBy(asc(boxes.name), asc(boxes.id));
}

/**
 * The downloadable recipients template (issue 34): its example rows name active boxes of the catalogue at
 * download time, one by its French name and one by its Arabic name, so that the file uploaded back
 * unchanged has no row to correct (docs/product/companies.md §3).
 */
export async function recipientTemplateCsv(db: Queryable): Promise<string> {
  const choices = await companyBoxChoices(db);
  const first = choices[0];
  const second = choices[1] ?? first;
  const rows: string[][] = [];
  if (first) rows.push(['Amina Benali', 'amina.benali@exemple.dz', '0550 12 34 56', first.name, 'Bonne fête de l’Aïd !', '', 'fr']);
  if (second) rows.push(['Karim Haddad', 'karim.haddad@exemple.dz', '', second.nameAr ?? second.name, 'عيد مبارك!', '', 'ar']);
  return toCsv(RECIPIENT_TEMPLATE_HEADER, rows);
}
