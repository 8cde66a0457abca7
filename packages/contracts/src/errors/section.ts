/**
 * One section of the error catalogue (see ../errors.ts): codes of one domain, each with the HTTP status
 * the server answers, the spec's French and its Arabic. `{name}` placeholders are filled from the
 * error's `params` and must appear in both languages.
 */
export type TErrorSection = Record<string, { readonly status: number; readonly fr: string; readonly ar: string }>;
