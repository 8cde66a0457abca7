import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
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
    // The server says amounts in dinars in French (formatDzd): the Arabic message reads them in دج.
    expect(errorText('GOODWILL_AMOUNT', 'ar', { max: '20\u00a0000 DA' })).toBe('بطاقة الهدية كبادرة تجارية عدد صحيح من الدنانير، من 1 دج إلى 20\u00a0000 دج');
    expect(errorText('GOODWILL_AMOUNT', 'fr', { max: '20\u00a0000 DA' })).toContain('de 1 DA à 20\u00a0000 DA');
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

// The server's own route schemas too (a `params` of a route file, a body written next to its handler): the
// error handler reads a catalogue key back and answers its code; any other message it replaces with the
// generic VALIDATION_FIELD, so a message written there is never seen (ADR 006).
const ZOD_METHODS = new Set(
  'string number boolean object array enum literal union uuid email url int positive nonnegative min max length gte lte gt lt regex startsWith endsWith includes refine superRefine nonempty date iso datetime coerce'.split(' '),
);

/** The `{ error: … }` / `{ message: … }` options of zod calls in a source text whose value is not a catalogue key. */
export function inlineZodMessages(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\{\s*(error|message)\s*:\s*/g)) {
    // The call this object is an argument of: the nearest unclosed `(` before it, and the name before that.
    let depth = 0;
    let open = -1;
    for (let i = match.index - 1; i >= 0; i--) {
      const c = text[i]!;
      if (c === ')' || c === ']' || c === '}') depth++;
      else if (c === '(' || c === '[' || c === '{') {
        if (depth === 0) {
          if (c === '(') open = i;
          break;
        }
        depth--;
      }
    }
    if (open < 0) continue;
    const callee = /(\bz\.|\.)(\w+)\s*$/.exec(text.slice(Math.max(0, open - 60), open));
    if (!callee || !(callee[1] === 'z.' || ZOD_METHODS.has(callee[2]!))) continue;
    const value = text.slice(match.index + match[0].length, match.index + match[0].length + 200);
    const code = /^zodError\('([A-Z0-9_]+)'/.exec(value);
    const inline = /^(['"`]|[A-Z][A-Z_]*_(MESSAGES|ERRORS)\.)/.test(value); // a text, or a text of another table
    if (!inline && !(code && !isErrorCode(code[1]))) continue;
    found.push(`${callee[0].replace(/^\./, '')}(… ${match[0]}${value.split('\n')[0]!.slice(0, 80)}`);
  }
  return found;
}

describe('the schemas of the server', () => {
  const root = join(import.meta.dirname, '../../../apps/server/src');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return name.endsWith('.ts') ? [path] : [];
    });

  it('carry catalogue keys, never an inline message', () => {
    // config.ts checks the environment at start-up, for the operator (English, never an HTTP answer).
    const files = sources(root).filter((file) => relative(root, file) !== 'config.ts');
    expect(files.length).toBeGreaterThan(50);
    const inline = files.flatMap((file) => inlineZodMessages(readFileSync(file, 'utf8')).map((site) => `${relative(root, file)}: ${site}`));
    expect(inline).toEqual([]);
  });

  it('the scan finds a message in a zod check and leaves the rest alone', () => {
    expect(inlineZodMessages("params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) })")).toHaveLength(1);
    expect(inlineZodMessages("z.string().min(16, { error: 'Trop court' })")).toHaveLength(1);
    expect(inlineZodMessages("z.object({}).refine((v) => v.a === v.b, { message: 'Différents', path: ['b'] })")).toHaveLength(1);
    expect(inlineZodMessages("z.uuid({ error: zodError('SOMETHING_ELSE') })")).toHaveLength(1);
    expect(inlineZodMessages("z.uuid({ error: zodError('FILE_NOT_FOUND') })")).toEqual([]);
    expect(inlineZodMessages("return reply.status(201).send({ offer, message: 'Offre créée' });")).toEqual([]);
    expect(inlineZodMessages("reply.send({ error: { code: 'X', message: 'y' } })")).toEqual([]);
    expect(inlineZodMessages('response: { 200: z.object({ message: z.string() }) }')).toEqual([]);
  });
});

// Type-level: a code outside the catalogue does not compile.
// @ts-expect-error not a code of the catalogue
const _unknown: TErrorCode = 'SOMETHING_ELSE';
