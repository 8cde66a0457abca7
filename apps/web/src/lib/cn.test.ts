import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn, mergeClasses } from './cn';

describe('cn', () => {
  it('lets a later utility of the same group win', () => {
    expect(cn('h-10 px-4 py-2 text-sm', 'h-12 px-6')).toBe('py-2 text-sm h-12 px-6');
    expect(cn('bg-primary text-primary-foreground', 'bg-transparent')).toBe('text-primary-foreground bg-transparent');
    expect(cn('rounded-md', 'rounded-full')).toBe('rounded-full');
  });

  it('tells a text size, an alignment and a colour apart', () => {
    expect(cn('text-sm text-center text-muted-foreground', 'text-lg')).toBe('text-center text-muted-foreground text-lg');
    expect(cn('text-sm text-foreground', 'text-destructive')).toBe('text-sm text-destructive');
    expect(cn('border border-input', 'border-2 border-destructive')).toBe('border-2 border-destructive');
  });

  it('lets a wider utility replace the narrower ones before it, not after it', () => {
    expect(cn('px-2 py-1', 'p-4')).toBe('p-4');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('w-4 h-4', 'size-6')).toBe('size-6');
  });

  it('keeps utilities of different variants, and conditional and unknown classes', () => {
    expect(cn('px-2 md:px-4 hover:bg-muted', 'md:px-8', false, undefined, { 'opacity-50': true })).toBe('px-2 hover:bg-muted md:px-8 opacity-50');
    expect(cn('group peer my-widget', 'my-widget')).toBe('group peer my-widget');
    expect(cn('data-[state=open]:bg-accent', 'data-[state=open]:bg-muted')).toBe('data-[state=open]:bg-muted');
  });

  it('tells apart what tailwind-merge tells apart: page breaks and word breaks, the app’s own animations', () => {
    expect(cn('break-inside-avoid', 'break-words')).toBe('break-inside-avoid break-words');
    expect(cn('break-all', 'break-words')).toBe('break-words');
    expect(cn('animate-fade-in', 'animate-pulse')).toBe('animate-fade-in animate-pulse');
    expect(cn('animate-spin', 'animate-pulse')).toBe('animate-pulse');
    expect(cn('group rounded-xl', 'group rounded-2xl')).toBe('group group rounded-2xl');
    expect(cn('data-[state=open]:animate-slide-in-end end-0', 'data-[state=open]:animate-slide-in-end')).toBe(
      'data-[state=open]:animate-slide-in-end end-0 data-[state=open]:animate-slide-in-end',
    );
    expect(cn('fill-secondary text-secondary', 'fill-primary')).toBe('text-secondary fill-primary');
    expect(cn('size-11 object-cover', 'object-contain')).toBe('size-11 object-contain');
  });

  it('merges the class lists the app writes as tailwind-merge does', () => {
    const lists = classListsOfTheApp();
    expect(lists.length).toBeGreaterThan(300);
    const differences: string[] = [];
    for (const list of lists) {
      if (mergeClasses(list) !== twMerge(list)) differences.push(list);
    }
    // Every list against a few others, as a component's classes meet a caller's className.
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) % lists.length;
    for (let i = 0; i < 20_000; i += 1) {
      const joined = `${lists[next()]} ${lists[next()]}`;
      if (mergeClasses(joined) !== twMerge(joined)) differences.push(joined);
    }
    expect(differences.slice(0, 25).map((list) => `${list}\n  cn:          ${mergeClasses(list)}\n  twMerge:     ${twMerge(list)}`)).toEqual([]);
  });
});

/** Every string literal of apps/web/src that reads as a list of Tailwind classes. */
function classListsOfTheApp(): string[] {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const files: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.tsx')) files.push(full);
    }
  };
  visit(root);
  const lists = new Set<string>();
  for (const file of files) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n$])*)\1/g)) {
      const text = match[2]?.trim() ?? '';
      const tokens = text.split(/\s+/);
      if (tokens.length < 2 || !tokens.every((token) => /^[!\w[\]&_:=.%/()#>*'-]+$/.test(token))) continue;
      if (!tokens.some((token) => /^([\w[\]&=-]+:)*-?(p|m|w|h|text|bg|border|rounded|flex|gap)-/.test(token))) continue;
      lists.add(text);
    }
  }
  return [...lists];
}
