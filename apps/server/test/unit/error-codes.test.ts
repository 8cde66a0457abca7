import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@farha/contracts/errors';
import { AppError } from '../../src/lib/errors.ts';

// ADR 006: the server throws codes of the error catalogue; it never words an error itself.
const SRC = join(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The argument texts of a call whose `(` is at `open`, split at top-level commas. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (let i = open + 1; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      current += c;
      if (c === '\\') current += text[++i];
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') {
      quote = c;
      current += c;
    } else if ('([{'.includes(c)) {
      depth++;
      current += c;
    } else if (')]}'.includes(c)) {
      if (depth === 0) {
        if (current.trim()) args.push(current.trim());
        return args;
      }
      depth--;
      current += c;
    } else if (c === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
    } else current += c;
  }
  return args;
}

/** Every `new AppError(...)` of a source text whose code argument is not a catalogue code. */
export function inlineErrors(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/new AppError\(/g)) {
    const args = callArguments(text, match.index + match[0].length - 1);
    const [code = '', options, ...rest] = args;
    const literals = [...code.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[0]);
    const codeIsCode =
      !/^[\d`]/.test(code) && literals.every((literal) => /^'[A-Z][A-Z0-9_]*'$/.test(literal) && literal.slice(1, -1) in ERRORS);
    const optionsAreOptions = options === undefined || (options.startsWith('{') && !/\bmessage\s*:/.test(options));
    if (!codeIsCode || !optionsAreOptions || rest.length > 0) found.push(`new AppError(${args.join(', ')})`);
  }
  // A reply that builds its error body by hand, with a literal message.
  for (const match of text.matchAll(/error:\s*\{[^}]*\bmessage:\s*['"`][^}]*\}/g)) found.push(match[0]);
  return found;
}

describe('errors thrown by the server', () => {
  it('are built from catalogue codes only, in every server file', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) =>
      inlineErrors(readFileSync(file, 'utf8')).map((site) => `${relative(SRC, file)}: ${site}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the scan catches the old forms of an inline message', () => {
    expect(inlineErrors("throw new AppError(404, 'NOT_FOUND', 'Commande introuvable');")).toHaveLength(1);
    expect(inlineErrors("throw new AppError('Commande introuvable');")).toHaveLength(1);
    expect(inlineErrors('throw new AppError(`ORDER_${kind}`);')).toHaveLength(1);
    expect(inlineErrors("throw new AppError('ORDER_NOT_FOUND', { field: 'id', message: 'Commande introuvable' });")).toHaveLength(1);
    expect(inlineErrors("reply.send({ error: { code: 'NOT_FOUND', message: 'Introuvable' } });")).toHaveLength(1);
    expect(inlineErrors("throw new AppError('ORDER_NOT_FOUND', { field: 'id' });")).toEqual([]);
    expect(inlineErrors("throw new AppError(pdf ? 'FILE_TYPE' : 'IMAGE_TYPE', { field: 'file' });")).toEqual([]);
  });

  it('take their status and French message from the catalogue', () => {
    const error = new AppError('TEXT_TOO_LONG', { field: 'title', params: { max: 120 } });
    expect(error.status).toBe(400);
    expect(error.toJSON()).toEqual({ error: { code: 'TEXT_TOO_LONG', message: '120 caractères au maximum', field: 'title', params: { max: 120 } } });
    expect(new AppError('ORDER_NOT_FOUND').toJSON()).toEqual({ error: { code: 'ORDER_NOT_FOUND', message: ERRORS.ORDER_NOT_FOUND.fr } });
    expect(new AppError('KYC_DOCUMENTS_MISSING', { status: 409 }).status).toBe(409);
  });
});
