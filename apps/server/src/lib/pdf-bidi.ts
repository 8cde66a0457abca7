import path from 'node:path';
import { ASSETS_DIR } from '../paths.ts';

/**
 * Arabic in PDFKit. PDFKit lays text out left to right in one font; Arabic needs a font with Arabic glyphs
 * (Cairo, shipped under apps/server/assets/fonts, OFL), right-to-left order, and mixed runs: a partner's
 * Latin name, digits and punctuation inside an Arabic sentence. fontkit shapes an Arabic run (joined letter
 * forms) and returns its glyphs in visual order; this module cuts a paragraph into such runs, orders them as
 * the Unicode bidi algorithm would for simple text (neutral characters take the direction of their
 * neighbours, else the paragraph's), wraps it to a width and draws each line from the right.
 */

type Pdf = PDFKit.PDFDocument;

const FONT_DIR = path.join(ASSETS_DIR, 'fonts');
export const PDF_FONTS = {
  arabic: path.join(FONT_DIR, 'cairo-arabic-400-normal.woff'),
  arabicBold: path.join(FONT_DIR, 'cairo-arabic-700-normal.woff'),
  latin: path.join(FONT_DIR, 'cairo-latin-400-normal.woff'),
  latinBold: path.join(FONT_DIR, 'cairo-latin-700-normal.woff'),
} as const;

/** Registers Cairo (Arabic and Latin subsets, regular and bold) on a document. */
export function registerArabicFonts(pdf: Pdf): void {
  for (const [name, file] of Object.entries(PDF_FONTS)) pdf.registerFont(`cairo-${name}`, file);
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Arabic letters set a right-to-left direction; Arabic punctuation (، ؛ ؟) and digits follow their neighbours. */
const ARABIC_SCRIPT = /\p{Script=Arabic}/u;
const LETTER = /\p{L}/u;
const strongRtl = (c: string) => ARABIC_SCRIPT.test(c) && LETTER.test(c);
const STRONG_LTR = /[\p{L}\p{N}]/u;
const MIRROR: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '«': '»', '»': '«', '<': '>', '>': '<', '‹': '›', '›': '‹' };

export const hasArabic = (text: string): boolean => ARABIC.test(text);

type Dir = 'rtl' | 'ltr';
/** A piece of a line in one direction and one font, in visual order once `visualRuns` has run. */
type Segment = { text: string; arabicFont: boolean };

/** Each character's resolved direction: Arabic letters RTL, other letters and digits LTR, neutrals by context. */
function directions(text: string, paragraph: Dir): Dir[] {
  const chars = [...text];
  const strong: (Dir | null)[] = chars.map((c) => (strongRtl(c) ? 'rtl' : STRONG_LTR.test(c) ? 'ltr' : null));
  return strong.map((d, i) => {
    if (d) return d;
    let before: Dir | null = null;
    for (let j = i - 1; j >= 0 && !before; j--) before = strong[j]!;
    let after: Dir | null = null;
    for (let j = i + 1; j < strong.length && !after; j++) after = strong[j]!;
    return before && before === after ? before : paragraph;
  });
}

/** The line's segments in visual (left-to-right drawing) order. */
export function visualRuns(text: string, paragraph: Dir): Segment[] {
  const chars = [...text];
  const dirs = directions(text, paragraph);
  // Directional runs in logical order.
  const runs: { dir: Dir; chars: string[] }[] = [];
  chars.forEach((c, i) => {
    const last = runs[runs.length - 1];
    if (last && last.dir === dirs[i]) last.chars.push(c);
    else runs.push({ dir: dirs[i]!, chars: [c] });
  });
  if (paragraph === 'rtl') runs.reverse();
  const out: Segment[] = [];
  for (const run of runs) {
    // Font segments inside the run: Arabic letters (and the spaces between them) in the Arabic font.
    const segments: Segment[] = [];
    for (const c of run.chars) {
      const arabicFont = ARABIC.test(c) || (run.dir === 'rtl' && c === ' ');
      const last = segments[segments.length - 1];
      if (last && last.arabicFont === arabicFont) last.text += c;
      else segments.push({ text: c, arabicFont });
    }
    if (run.dir === 'rtl') {
      // fontkit already returns an Arabic segment's glyphs right to left; the other pieces are turned here.
      segments.reverse();
      for (const s of segments) if (!s.arabicFont) s.text = [...s.text].reverse().map((c) => MIRROR[c] ?? c).join('');
    }
    out.push(...segments);
  }
  return out;
}

type Style = { size: number; bold?: boolean; color?: string };

/**
 * Cairo's ascender (1.3 em, room for marks above) puts its letters lower than Helvetica's at the same y:
 * drawn raised by 0.3 em, a line of 1.45 em then leaves its letters clear of the next line in either font.
 */
const RAISE = 0.3;
const LINE_HEIGHT = 1.45;

function fontOf(segment: Segment, style: Style): string {
  return `cairo-${segment.arabicFont ? 'arabic' : 'latin'}${style.bold ? 'Bold' : ''}`;
}

/**
 * Passing features makes PDFKit shape a segment in one piece: without them it shapes word by word and puts
 * the words of an Arabic segment in logical order, i.e. backwards.
 */
const WHOLE_RUN = { features: ['kern'] as PDFKit.Mixins.OpenTypeFeatures[] };

function widthOf(pdf: Pdf, text: string, paragraph: Dir, style: Style): number {
  return visualRuns(text, paragraph).reduce((sum, s) => sum + pdf.font(fontOf(s, style)).fontSize(style.size).widthOfString(s.text, WHOLE_RUN), 0);
}

/**
 * Greedy word wrap of one paragraph to `width`, measured in the shaped fonts: each word once (shaping never
 * crosses a space), so a paragraph costs one shaping per word.
 */
function wrap(pdf: Pdf, text: string, paragraph: Dir, style: Style, width: number): string[] {
  const lines: string[] = [];
  const space = pdf.font(`cairo-latin${style.bold ? 'Bold' : ''}`).fontSize(style.size).widthOfString(' ');
  for (const hard of text.split('\n')) {
    let line = '';
    let used = 0;
    for (const word of hard.split(/ +/)) {
      const w = widthOf(pdf, word, paragraph, style);
      if (line && used + space + w > width) {
        lines.push(line);
        line = word;
        used = w;
      } else {
        used += line ? space + w : w;
        line = line ? `${line} ${word}` : word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * Draws a paragraph (Arabic, Latin or both) at (x, y) within `width`, right-aligned when `dir` is rtl;
 * moves the document's cursor below it and returns the new y.
 */
export function bidiText(pdf: Pdf, text: string, at: { x: number; y?: number; width: number; dir: Dir } & Style): number {
  const style: Style = { size: at.size, bold: at.bold, color: at.color };
  let y = at.y ?? pdf.y;
  const lineHeight = at.size * LINE_HEIGHT;
  for (const line of wrap(pdf, text, at.dir, style, at.width)) {
    if (y + lineHeight > pdf.page.height - pdf.page.margins.bottom) {
      pdf.addPage();
      y = pdf.page.margins.top;
    }
    const runs = visualRuns(line, at.dir);
    const total = widthOf(pdf, line, at.dir, style);
    let x = at.dir === 'rtl' ? at.x + at.width - total : at.x;
    for (const run of runs) {
      pdf.font(fontOf(run, style)).fontSize(at.size).fillColor(at.color ?? '#000000');
      pdf.text(run.text, x, y - at.size * RAISE, { lineBreak: false, ...WHOLE_RUN });
      x += pdf.widthOfString(run.text, WHOLE_RUN);
    }
    y += lineHeight;
  }
  pdf.x = at.x;
  pdf.y = y;
  return y;
}
