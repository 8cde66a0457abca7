import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_SECTIONS, ERRORS, errorKey, errorText, isErrorCode, parseErrorKey, type TErrorCode } from '../src/errors.ts';

const ARABIC = /[\u0600-\u06FF]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the error catalogue', () => {
  it('defines each code once, across the domain sections', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [section, codes] of Object.entries(ERROR_SECTIONS)) {
      for (const code of Object.keys(codes)) {
        if (seen.has(code)) twice.push(`${code} (${seen.get(code)} and ${section})`);
        seen.set(code, section);
      }
    }
    expect(twice).toEqual([]);
    expect(Object.keys(ERRORS).length).toBe(seen.size);
  });

  it('gives every code a status, its French and its Arabic, with the same placeholders', () => {
    const problems: string[] = [];
    for (const [code, entry] of Object.entries(ERRORS)) {
      if (!/^[A-Z][A-Z0-9_]*$/.test(code)) problems.push(`${code}: not an upper-case code`);
      if (!(entry.status >= 400 && entry.status <= 599)) problems.push(`${code}: status ${entry.status}`);
      if (!entry.fr.trim()) problems.push(`${code}: no French`);
      if (!entry.ar.trim()) problems.push(`${code}: no Arabic`);
      else if (!ARABIC.test(entry.ar)) problems.push(`${code}: the Arabic text has no Arabic letter`);
      if (ARABIC.test(entry.fr)) problems.push(`${code}: Arabic letters in the French text`);
      if (placeholders(entry.fr).join() !== placeholders(entry.ar).join()) problems.push(`${code}: placeholders differ`);
    }
    expect(problems).toEqual([]);
  });

  it('fills placeholders from params, in either language', () => {
    expect(errorText('TEXT_TOO_LONG', 'fr', { max: 120 })).toBe('120 caractères au maximum');
    expect(errorText('TEXT_TOO_LONG', 'ar', { max: 120 })).toContain('120');
    expect(errorText('KYC_DOCUMENTS_MISSING', 'fr', { documents: 'rc, nif' })).toBe('Documents manquants: rc, nif');
    expect(errorText('FORBIDDEN', 'ar')).toBe(ERRORS.FORBIDDEN.ar);
  });

  it('reads back the keys that schemas carry, and nothing else', () => {
    expect(parseErrorKey(errorKey('TEXT_TOO_LONG', { max: 100 }))).toEqual({ code: 'TEXT_TOO_LONG', params: { max: '100' } });
    expect(parseErrorKey(errorKey('INVALID_EMAIL'))).toEqual({ code: 'INVALID_EMAIL' });
    expect(parseErrorKey('Adresse email invalide')).toBeNull();
    expect(parseErrorKey('NOT_A_CODE')).toBeNull();
    expect(parseErrorKey('toString')).toBeNull();
    expect(isErrorCode('constructor')).toBe(false);
  });
});

// The contracts' schemas word no error themselves: every `{ error: … }` / `message:` of a zod check is a
// catalogue key (zodError), so that the server answers its code and the web app shows it in either language.
describe('the schemas of the contracts', () => {
  const dir = join(import.meta.dirname, '../src');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'errors.ts');

  it('carry catalogue keys, never an inline message', () => {
    const inline: string[] = [];
    for (const file of files) {
      const lines = readFileSync(join(dir, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/\b(error|message):\s*(['"`]|[A-Z][A-Z_]*_MESSAGES\.|[A-Z][A-Z_]*_ERRORS\.)/.test(line)) inline.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(inline).toEqual([]);
  });

  it('name only codes that exist', () => {
    const unknown: string[] = [];
    for (const file of files) {
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/zodError\('([A-Z0-9_]+)'/g)) {
        if (!isErrorCode(m[1])) unknown.push(`${file}: ${m[1]}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

// Type-level: a code outside the catalogue does not compile.
// @ts-expect-error not a code of the catalogue
const _unknown: TErrorCode = 'SOMETHING_ELSE';
