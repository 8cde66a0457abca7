// The searches' one folded form of a text, shared by the server (its SQL twin `search_fold`, see
// apps/server/src/lib/search-fold.ts) and the web app's own filters. No zod: the web's first load may import it.

/**
 * Lower case, Latin accents taken off ("zephyr" finds "Zéphyr"), and Arabic normalised as search engines do
 * (Lucene's ArabicNormalizer): the short vowels, tanwin, shadda, sukun, dagger alef and tatweel removed,
 * أ إ آ ٱ written ا, ى written ي and ة written ه ("الحمام" finds "الحمّام").
 *
 * The table below is the one `search_fold` translates with (migration 0007): a test compares the two on every character.
 */
const MAPPED_FROM = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆأإآٱىة';
const MAPPED_TO = 'aaaaaaceeeeiiiinooooouuuuyyoaaaaaaaceeeeiiiinooooouuuuyyoaاااايه';
/** Removed: fathatan … sukun (U+064B–U+0652), maddah, hamza above and below (U+0653–U+0655, a decomposed أ), dagger alef, tatweel. */
const REMOVED = '\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0653\u0654\u0655\u0670\u0640';

/** translate()'s arguments: the characters beyond the second string's length are removed. */
export const SEARCH_FOLD_FROM = MAPPED_FROM + REMOVED;
export const SEARCH_FOLD_TO = MAPPED_TO;

const table = new Map<string, string>();
[...MAPPED_FROM].forEach((c, i) => table.set(c, [...MAPPED_TO][i]!));
for (const c of REMOVED) table.set(c, '');

/** The folded form of what was typed (composed first, as the stored names are). */
export function searchFold(text: string): string {
  let out = '';
  for (const c of text.normalize('NFC').toLowerCase()) out += table.get(c) ?? c;
  return out;
}
