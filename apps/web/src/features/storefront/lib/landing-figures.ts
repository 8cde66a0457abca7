import type { TLandingContent } from '@farha/contracts/landing';

/** The token a landing text writes where the number of cities goes: the counter's own figure (issue 34). */
export const CITIES_TOKEN = '{cities}';

/**
 * A landing text with its figures from the homepage's counters, so that a benefit never says « 48 villes »
 * beside a « 19 Villes » counter: `{cities}` is the value of the cities counter (its `map-pin` stat). Without
 * such a counter, the clause that names the number (« dans {cities} villes ») is left out rather than guessed.
 */
export function withLandingFigures(text: string, stats: TLandingContent['hero']['stats']): string {
  if (!text.includes(CITIES_TOKEN)) return text;
  const cities = stats.find((stat) => stat.icon === 'map-pin')?.value;
  if (cities) return text.split(CITIES_TOKEN).join(cities);
  return text.replace(/\s*(?:dans|في)?\s*\{cities\}\s*[^\s.,،!?]*/gu, '').trim();
}
