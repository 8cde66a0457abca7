import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { searchFold } from '@farha/contracts/search-fold';

/**
 * The searches' one folded form of a text (`searchFold`, shared with the web app from the contracts), the
 * same in JavaScript and in SQL (`search_fold(text)`, migration 0007, hand-written part): lower case, Latin
 * accents off, Arabic without its short vowels, one alef ("الحمام" finds "الحمّام").
 */
export { SEARCH_FOLD_FROM, SEARCH_FOLD_TO, searchFold } from '@farha/contracts/search-fold';

/** A column's folded form in SQL. */
export const searchFolded = (column: SQLWrapper | SQL): SQL => sql`search_fold(${column})`;

/** `%text%` for LIKE, its wildcards escaped. */
export const likeOf = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The column (folded) contains what was typed (folded). */
export const foldedContains = (column: SQLWrapper | SQL, typed: string): SQL => sql`${searchFolded(column)} like ${likeOf(searchFold(typed))}`;
