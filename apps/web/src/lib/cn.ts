import { clsx, type ClassValue } from 'clsx';

/*
 * A small stand-in for tailwind-merge (issue 15: its 7 KB compressed were on every page's first load, for
 * the few overrides the app makes, such as a caller's `h-12 px-6` over a button size's `h-10 px-4`).
 * Same rule: of two utilities of the same group and variants, the later wins, and a wider one (`p-4`)
 * replaces the narrower ones before it (`px-2`). Groups are told apart the way Tailwind reads the value
 * (`text-sm` a size, `text-center` an alignment, `text-primary` a colour); a class it does not know is
 * kept as it is (only an exact repeat is dropped, except the app's own animations). cn.test.ts compares it with tailwind-merge on the
 * class lists the app writes.
 */

const SIDES = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'];
const STANDALONE: Record<string, string> = {};
const standalone = (group: string, names: string) => {
  for (const name of names.split(' ')) STANDALONE[name] = group;
};
standalone('display', 'block inline-block inline flex inline-flex grid inline-grid contents hidden table table-row table-cell flow-root list-item');
standalone('position', 'static fixed absolute relative sticky');
standalone('visibility', 'visible invisible collapse');
standalone('sr', 'sr-only not-sr-only');
standalone('transform', 'uppercase lowercase capitalize normal-case');
standalone('font-style', 'italic not-italic');
standalone('decoration-line', 'underline overline line-through no-underline');
standalone('isolation', 'isolate isolation-auto');
standalone('smoothing', 'antialiased subpixel-antialiased');
standalone('truncate', 'truncate');
standalone('flex-dir', 'flex-row flex-row-reverse flex-col flex-col-reverse');
standalone('flex-wrap', 'flex-wrap flex-nowrap flex-wrap-reverse');
standalone('word-break', 'break-normal break-words break-all break-keep');
standalone('object-fit', 'object-contain object-cover object-fill object-none object-scale-down');
standalone('object-position', 'object-bottom object-center object-left object-left-bottom object-left-top object-right object-right-bottom object-right-top object-top');
// Tailwind's own animations; the app's (`animate-fade-in`…) are kept beside them, as tailwind-merge does.
standalone('animate', 'animate-none animate-spin animate-ping animate-pulse animate-bounce');

/** Utilities whose value never changes their group, longest first so that `min-w` wins over `m`. */
const PREFIXES = [
  ...['p', 'm', 'scroll-p', 'scroll-m'].flatMap((p) => [p, ...SIDES.map((side) => `${p}${side}`)]),
  ...'w h size min-w min-h max-w max-h inset inset-x inset-y start end top right bottom left z gap gap-x gap-y space-x space-y opacity order basis grow shrink flex items justify justify-items justify-self self content place-items place-content place-self grid-cols grid-rows grid-flow col col-span col-start col-end row row-span row-start row-end auto-cols auto-rows leading tracking line-clamp whitespace break-inside break-before break-after overflow overflow-x overflow-y overscroll aspect fill cursor pointer-events select resize transition duration ease delay scale scale-x scale-y rotate translate-x translate-y origin blur backdrop-blur brightness list align outline-offset underline-offset columns drop-shadow mix-blend will-change appearance float clear box indent accent caret snap touch hyphens field-sizing inset-ring'.split(' '),
  ...['rounded', ...'t r b l s e tl tr br bl ss se es ee'.split(' ').map((corner) => `rounded-${corner}`)],
].sort((a, b) => b.length - a.length);

const CONFLICTS: Record<string, string[]> = {
  size: ['w', 'h'],
  'inset-x': ['right', 'left', 'start', 'end'],
  'inset-y': ['top', 'bottom'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  scale: ['scale-x', 'scale-y'],
  'text-size': ['leading'],
  flex: ['basis', 'grow', 'shrink'],
  'line-clamp': ['display', 'overflow'],
  rounded: 'rounded-t rounded-r rounded-b rounded-l rounded-s rounded-e rounded-tl rounded-tr rounded-br rounded-bl rounded-ss rounded-se rounded-es rounded-ee'.split(' '),
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-b': ['rounded-bl', 'rounded-br'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'border-w': SIDES.map((side) => `border-w-${side}`),
  'border-w-x': ['border-w-r', 'border-w-l', 'border-w-s', 'border-w-e'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': SIDES.map((side) => `border-color-${side}`),
};
for (const p of ['p', 'm', 'scroll-p', 'scroll-m']) {
  CONFLICTS[p] = SIDES.map((side) => `${p}${side}`);
  CONFLICTS[`${p}x`] = [`${p}r`, `${p}l`, `${p}s`, `${p}e`];
  CONFLICTS[`${p}y`] = [`${p}t`, `${p}b`];
}

const SIZE = /^(\d*x[sl]|sm|md|lg|base|none|\d+(\.\d+)?(px|rem|em)?|\[(length:)?[\d.]+(px|rem|em|%)?\]|\((length:)?.+\))$/;
const WIDTH = /^(|\d+|px|\[(length:)?[\d.]+px\]|\(length:.+\))$/;

/** The group of a utility written without variants (`text-sm`, `-translate-x-1/2`, `[mask:none]`). */
function groupOf(base: string): string {
  const utility = base.replace(/^-/, '');
  const property = /^\[([a-z-]+):/.exec(utility);
  if (property) return `[${property[1]}]`;
  const known = STANDALONE[utility];
  if (known) return known;
  const family = /^(text|font|border(?:-[xysetrbl])?|bg|shadow|inset-shadow|ring-offset|ring|outline(?!-offset)|stroke|decoration|divide-[xy]|divide|from|via|to)(?:-(.*))?$/.exec(utility);
  if (family) {
    const [, name = '', full = ''] = family;
    const value = full.replace(/\/[\w.[\]]+$/, '');
    switch (name) {
      case 'text':
        if (SIZE.test(value)) return 'text-size';
        if (/^(left|center|right|justify|start|end)$/.test(value)) return 'text-align';
        if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return 'text-wrap';
        if (/^(ellipsis|clip)$/.test(value)) return 'text-overflow';
        return 'text-color';
      case 'font':
        return /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\[(?!family-name:).*\])$/.test(value) ? 'font-weight' : 'font-family';
      case 'bg':
        if (/^(fixed|local|scroll)$/.test(value)) return 'bg-attachment';
        if (/^(no-repeat|repeat.*|round|space)$/.test(value)) return 'bg-repeat';
        if (/^(auto|cover|contain)$/.test(value)) return 'bg-size';
        if (/^(bottom|center|left|right|top)/.test(value)) return 'bg-position';
        if (/^(clip|origin)-/.test(value)) return `bg-${value.split('-')[0]}`;
        // `bg-gradient-to-*` (Tailwind 3's name) counts as a colour, as tailwind-merge reads it.
        if (/^(none|linear|radial|conic|\[url)/.test(value)) return 'bg-image';
        return 'bg-color';
      case 'shadow':
      case 'inset-shadow':
        return SIZE.test(value) || /^(|inner|\[\d.*\])$/.test(value) ? `${name}-size` : `${name}-color`;
      case 'ring':
        if (value === 'inset') return 'ring-inset';
        return WIDTH.test(value) ? 'ring-w' : 'ring-color';
      case 'ring-offset':
      case 'stroke':
        return WIDTH.test(value) ? `${name}-w` : `${name}-color`;
      case 'outline':
        if (/^(none|hidden|solid|dashed|dotted|double)$/.test(value)) return 'outline-style';
        return WIDTH.test(value) ? 'outline-w' : 'outline-color';
      case 'decoration':
        if (/^(solid|double|dotted|dashed|wavy)$/.test(value)) return 'decoration-style';
        return /^(\d+|auto|from-font)$/.test(value) ? 'decoration-thickness' : 'decoration-color';
      case 'divide':
        return /^(solid|dashed|dotted|double|none)$/.test(value) ? 'divide-style' : 'divide-color';
      case 'divide-x':
      case 'divide-y':
        return name;
      case 'from':
      case 'via':
      case 'to':
        return /%$/.test(value) ? `${name}-position` : name;
      default: {
        // border, border-x … border-l
        const side = name.slice(7);
        if (/^(solid|dashed|dotted|double|hidden|none)$/.test(value)) return 'border-style';
        if (/^(collapse|separate)$/.test(value)) return 'border-collapse';
        if (value.startsWith('spacing')) return 'border-spacing';
        return `border-${WIDTH.test(value) ? 'w' : 'color'}${side ? `-${side}` : ''}`;
      }
    }
  }
  if (/^animate-\[/.test(utility)) return 'animate';
  const prefix = PREFIXES.find((p) => utility === p || utility.startsWith(`${p}-`));
  return prefix ?? `=${utility}`;
}

/** Splits `md:hover:!px-4` into its variants (sorted: their order does not matter) and its utility. */
function parse(className: string): { variants: string; group: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i += 1) {
    const char = className[i];
    if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, i));
      start = i + 1;
    }
  }
  let base = className.slice(start);
  const important = base.startsWith('!') || base.endsWith('!');
  base = base.replace(/^!|!$/g, '');
  return { variants: `${parts.sort().join(':')}${important ? '!' : ''}`, group: groupOf(base) };
}

/** Lets the last Tailwind utility of each group win, as tailwind-merge's `twMerge` does. */
export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.split(/\s+/).filter(Boolean);
  for (let i = classes.length - 1; i >= 0; i -= 1) {
    const className = classes[i] as string;
    const { variants, group } = parse(className);
    const key = `${variants}|${group}`;
    // `group` and `peer` mark an element for variants and are no utilities, and the app's own animations
    // (`animate-fade-in`) are unknown to tailwind-merge: kept, even repeated, as it keeps them.
    if (/^(group|peer)(\/|$)/.test(className) || group.startsWith('=animate-')) {
      kept.push(className);
      continue;
    }
    if (taken.has(key)) continue;
    taken.add(key);
    for (const conflict of CONFLICTS[group] ?? []) taken.add(`${variants}|${conflict}`);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}

/** Merged lists by their input: a page draws the same few lists many times (every card of the catalogue). */
const merged = new Map<string, string>();
const MERGED_KEPT = 2000;

/** Joins class names and lets the last Tailwind utility of a group win (`px-2` then `px-4` gives `px-4`). */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  let result = merged.get(classes);
  if (result === undefined) {
    result = mergeClasses(classes);
    if (merged.size >= MERGED_KEPT) merged.clear();
    merged.set(classes, result);
  }
  return result;
}
