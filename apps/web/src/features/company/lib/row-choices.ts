// The order form's lists for a recipient row (issue 34, docs/product/companies.md §3): which active box and
// which language a row's text names, matched as the server matches them (case, accents and spaces ignored).
import type { TCompanyBoxChoices } from '@farha/contracts/company';
import { searchFold } from '@farha/contracts/search-fold';

type BoxChoice = TCompanyBoxChoices['boxes'][number];

const fold = (value: string) => searchFold(value).replace(/[_\s]+/g, ' ').trim();

/** The active box a row names (by id, French or Arabic name), or null when it names none. */
export function boxOfRow(value: string, boxes: readonly BoxChoice[]): BoxChoice | null {
  const text = value.trim();
  if (!text) return null;
  const folded = fold(text);
  return boxes.find((b) => b.id === text) ?? boxes.find((b) => fold(b.name) === folded || (b.nameAr !== null && fold(b.nameAr) === folded)) ?? null;
}

const LANGUAGES: Record<string, 'fr' | 'ar'> = { '': 'fr', fr: 'fr', francais: 'fr', french: 'fr', ar: 'ar', arabe: 'ar', arabic: 'ar', [fold('العربية')]: 'ar' };

/** The language a row names (empty: French), or null when the server would not know it. */
export function languageOfRow(value: string): 'fr' | 'ar' | null {
  return LANGUAGES[fold(value)] ?? null;
}
