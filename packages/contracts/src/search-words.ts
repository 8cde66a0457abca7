// Searching texts by their words' forms (the help centre): "rembourser" finds "remboursé" and
// "remboursement", "réservations" finds "réserver", "الاسترداد" finds "استرداد". No zod: the web may import it.
import { searchFold } from './search-fold.ts';

/** Words a search ignores (they would match almost anything). Compared folded. */
const STOP_WORDS = new Set([
  ...'a au aux avec avoir ce ces cet cette comment dans de des du en est et etre faire il je la le les leur ma mais me mes mon ne nous on ou par pas peut puis pour quand que quel quelle qui sa se ses si son suis sur ta te tes ton tu un une vos votre vous y'.split(' '),
  ...'في من على الى إلى عن هل ما ماذا كيف متى او أو ثم لا مع هذا هذه ذلك'.split(' ').map(searchFold),
]);

/** French endings taken off, longest first, while at least 4 letters stay (a light stemmer, as Snowball's French does). */
const FRENCH_ENDINGS = [
  'issements', 'issement', 'ements', 'ement', 'ations', 'ation', 'atrices', 'atrice', 'ateurs', 'ateur',
  'ances', 'ance', 'ences', 'ence', 'euses', 'euse', 'eurs', 'eur', 'ables', 'able', 'iques', 'ique',
  'aient', 'erent', 'erons', 'eront', 'erais', 'erait', 'erez', 'erai', 'eras', 'era', 'ions', 'iez',
  'ait', 'ant', 'ent', 'ees', 'ons', 'er', 'ez', 'es', 'ee', 'e', 's', 'x',
];
/** Arabic: the article and a joined conjunction or preposition before it; plural and pronoun endings after (Lucene's light stemmer). */
const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال', 'و'].map(searchFold);
const ARABIC_SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'].map(searchFold);

const ARABIC = /[\u0600-\u06FF]/;

/** The stem of one folded word. */
export function wordStem(word: string): string {
  if (ARABIC.test(word)) {
    let stem = word;
    const prefix = ARABIC_PREFIXES.find((p) => stem.startsWith(p) && stem.length - p.length >= 3);
    if (prefix) stem = stem.slice(prefix.length);
    const suffix = ARABIC_SUFFIXES.find((s) => stem.endsWith(s) && stem.length - s.length >= 3);
    return suffix ? stem.slice(0, -suffix.length) : stem;
  }
  const ending = FRENCH_ENDINGS.find((e) => word.endsWith(e) && word.length - e.length >= 4);
  return ending ? word.slice(0, -ending.length) : word;
}

/** The folded words of a text (letters and digits, apostrophes and hyphens split: « l'achat » gives « achat »). */
function foldedWords(text: string): string[] {
  return searchFold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => (/^[ldjmnstc]$/.test(word) ? '' : word))
    .filter(Boolean);
}

/** The stems a typed search looks for: its words, stop words aside (all of them when it has nothing else). */
export function searchStems(typed: string): string[] {
  const words = foldedWords(typed);
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  return [...new Set((meaningful.length ? meaningful : words).map(wordStem))];
}

/**
 * A matcher of texts for what was typed: every typed word's stem begins a word's stem of the text
 * ("rembours" begins "rembours", "rembou" too, as someone still typing), or the folded text holds the
 * folded search as it was typed ("14 jours").
 */
export function wordsMatcher(typed: string): (text: string) => boolean {
  const stems = searchStems(typed);
  const whole = searchFold(typed).trim();
  return (text) => {
    if (!whole) return true;
    if (searchFold(text).includes(whole)) return true;
    if (!stems.length) return false;
    const textStems = foldedWords(text).map(wordStem);
    return stems.every((stem) => textStems.some((candidate) => candidate.startsWith(stem)));
  };
}
