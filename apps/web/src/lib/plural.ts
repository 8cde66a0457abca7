/**
 * The plural form of a count in French or Arabic, by CLDR's rules for whole numbers, written out (plural.test.ts
 * checks them against Intl.PluralRules): the storefront's components pick plural forms while a drawn page
 * hydrates, and the first Intl.PluralRules a page builds loads the locale's data on a phone's main thread
 * (issue 34). Fractions, and any other language, are asked of Intl.
 */
export function pluralForm(locale: string, count: number): Intl.LDMLPluralRule {
  if (Number.isInteger(count) && count >= 0) {
    if (locale === 'fr') {
      if (count <= 1) return 'one';
      return count % 1_000_000 === 0 ? 'many' : 'other';
    }
    if (locale === 'ar') {
      if (count === 0) return 'zero';
      if (count === 1) return 'one';
      if (count === 2) return 'two';
      const lastTwo = count % 100;
      if (lastTwo >= 3 && lastTwo <= 10) return 'few';
      if (lastTwo >= 11) return 'many';
      return 'other';
    }
  }
  return intlRules(locale).select(count);
}

const rules = new Map<string, Intl.PluralRules>();
function intlRules(locale: string): Intl.PluralRules {
  let found = rules.get(locale);
  if (!found) rules.set(locale, (found = new Intl.PluralRules(locale)));
  return found;
}
