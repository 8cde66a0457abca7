/**
 * Illustrations of the seed catalogue, drawn in code (docs/product/storefront.md §13: made in the repo,
 * never fetched): one scene per box (hammam, couscous, Tassili arches, Casbah roofs…), one picture per
 * offer category and a monogram logo per partner. The committed files under apps/server/assets/images
 * come from here; regenerate them with `npx tsx apps/server/src/db/seed/images.ts`.
 *
 * The catalogue shows them as it shows an uploaded picture (files/images.ts): WebP at the widths it draws
 * them, `<name>.webp` full size and `<name>.w400.webp`, `<name>.w800.webp` beside it, a logo at 192 px. A browser
 * draws an SVG picture on the page's own thread, each in a document of its own (about 5 ms apiece on this
 * project's machine, twenty on the homepage); it decodes a WebP picture beside it (issue 34).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TOfferCategory } from '@farha/contracts/catalog';
import { OFFER_CATEGORIES } from '@farha/contracts/catalog';
import { PICTURE_WIDTHS, seedPictureAt } from '@farha/contracts/plain/pictures';
import { SEED_BOXES, SEED_PARTNERS, type SceneName } from './catalog-data.ts';
import { ASSETS_DIR } from '../../paths.ts';

/** Default output: apps/server/assets/images. */
export const SEED_IMAGES_DIR = path.join(ASSETS_DIR, 'images');

type Rnd = () => number;
type Scene = (v: number, rnd: Rnd) => string;

// ---------------------------------------------------------------------------------------------------
// Helpers

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** mulberry32: small deterministic generator, so regenerating gives identical files. */
function rng(seed: number): Rnd {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r0 = (n: number) => Math.round(n);
const pick = <T,>(list: readonly T[], v: number): T => list[((v % list.length) + list.length) % list.length]!;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function lin(id: string, stops: readonly string[], x2 = 0, y2 = 1): string {
  const s = stops.map((c, i) => `<stop offset="${r0((i / (stops.length - 1)) * 100)}%" stop-color="${c}"/>`).join('');
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

function rad(id: string, stops: readonly string[], cx = 0.5, cy = 0.5, r = 0.5): string {
  const s = stops
    .map((c, i) => {
      const [color, opacity] = c.split('/');
      return `<stop offset="${r0((i / (stops.length - 1)) * 100)}%" stop-color="${color}"${opacity ? ` stop-opacity="${opacity}"` : ''}/>`;
    })
    .join('');
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${s}</radialGradient>`;
}

/** Many rectangles as one path: [x, y, w, h][]. */
function rects(list: [number, number, number, number][]): string {
  return list.map(([x, y, w, h]) => `M${r0(x)} ${r0(y)}h${r0(w)}v${r0(h)}h${-r0(w)}z`).join('');
}

/** Stars as one path of small diamonds. */
function stars(rnd: Rnd, n: number, x0: number, y0: number, w: number, h: number): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const x = r0(x0 + rnd() * w);
    const y = r0(y0 + rnd() * h);
    const s = 1 + r0(rnd() * 2);
    d += `M${x} ${y - s}l${s} ${s}l${-s} ${s}l${-s} ${-s}z`;
  }
  return `<path d="${d}" fill="#fff" opacity=".85"/>`;
}

const steam = (x: number, y: number, h: number, o = 0.45) =>
  `<path d="M${x} ${y}c-22 ${-h / 4} 22 ${-h / 4} 0 ${-h / 2}s22 ${-h / 4} 0 ${-h / 2}" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="${o}"/>`;

const sparkle = (x: number, y: number, s: number, fill: string) =>
  `<path d="M${x} ${y - s}Q${x + s * 0.15} ${y - s * 0.15} ${x + s} ${y}Q${x + s * 0.15} ${y + s * 0.15} ${x} ${y + s}Q${x - s * 0.15} ${y + s * 0.15} ${x - s} ${y}Q${x - s * 0.15} ${y - s * 0.15} ${x} ${y - s}z" fill="${fill}"/>`;

function doc(title: string, body: string, size = [800, 600]): string {
  const t = esc(title);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size[0]} ${size[1]}" role="img" aria-label="${t}"><title>${t}</title>${body}</svg>\n`;
}

// ---------------------------------------------------------------------------------------------------
// Scenes (800 × 600)

const hammam: Scene = (v) => {
  const p = pick(
    [
      { wall: ['#f6dcae', '#e3a76a'], room: ['#1d6f72', '#0c3b44'], tile: '#1b6f73', star: '#c8553d' },
      { wall: ['#f4e2c6', '#d58c5c'], room: ['#2a5d8f', '#13294b'], tile: '#2a5d8f', star: '#e0a43a' },
    ],
    v,
  );
  return (
    `<defs>${lin('w', p.wall)}${lin('r', p.room)}${rad('g', ['#fff6d8/.7', '#fff6d8/0'], 0.5, 0.3, 0.6)}${lin('c', ['#f0b46a', '#b5652c', '#7a3b18'], 1, 0)}` +
    `<pattern id="z" width="30" height="30" patternUnits="userSpaceOnUse"><rect width="30" height="30" fill="${p.tile}"/><path d="M15 2L28 15L15 28L2 15z" fill="#f6e7c8"/><circle cx="15" cy="15" r="5" fill="${p.star}"/></pattern></defs>` +
    `<rect width="800" height="600" fill="url(#w)"/>` +
    `<path d="M200 600V320a200 200 0 0 1 400 0V600z" fill="url(#z)"/>` +
    `<path d="M230 600V330a170 170 0 0 1 340 0V600z" fill="url(#r)"/>` +
    `<path d="M230 600V330a170 170 0 0 1 340 0V600z" fill="url(#g)"/>` +
    ([[340, 230], [400, 205], [460, 230], [370, 270], [430, 270], [400, 310]] as const)
      .map(([x, y]) => `<path d="M${x} ${y - 9}l4 5l6-1l-2 6l4 4l-6 1l-2 6l-4-4l-4 4l-2-6l-6-1l4-4l-2-6l6 1z" fill="#fff4c8"/>`)
      .join('') +
    `<path d="M340 240L290 600h60zM400 215L380 600h70zM460 240L470 600h60z" fill="#fff" opacity=".08"/>` +
    steam(330, 520, 200) +
    steam(400, 500, 230, 0.55) +
    steam(470, 520, 190) +
    `<ellipse cx="400" cy="560" rx="95" ry="22" fill="#000" opacity=".25"/>` +
    `<path d="M310 520q90 80 180 0z" fill="url(#c)"/><ellipse cx="400" cy="520" rx="90" ry="16" fill="#f3c27f"/><ellipse cx="400" cy="522" rx="74" ry="10" fill="#8fd3d6"/>` +
    `<rect y="570" width="800" height="30" fill="url(#z)"/><rect y="566" width="800" height="6" fill="#7a3b18"/>`
  );
};

const spa: Scene = (v) => {
  const p = pick(
    [
      { bg: ['#f3efe2', '#b9d3c2'], water: ['#7cc3c0', '#2d7f86'], flower: '#f29bb4' },
      { bg: ['#f7e6ee', '#d1a9cf'], water: ['#a7b8e8', '#5563a8'], flower: '#ffd166' },
      { bg: ['#fdf0dc', '#f0b98d'], water: ['#8fd1c1', '#2f8f83'], flower: '#e76f51' },
    ],
    v,
  );
  const stones = [
    [330, 440, 120, 38],
    [325, 385, 92, 32],
    [335, 337, 70, 26],
    [328, 298, 46, 19],
  ]
    .map(([x, y, rx, ry]) => `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="url(#s)"/>`)
    .join('');
  const petals = [0, 72, 144, 216, 288]
    .map((a) => `<ellipse cx="640" cy="150" rx="15" ry="38" fill="${p.flower}" transform="rotate(${a} 640 188)"/>`)
    .join('');
  return (
    `<defs>${lin('b', p.bg)}${lin('w', p.water)}${lin('s', ['#8d8378', '#4a433c'])}${rad('f', ['#ffd27a/.9', '#ffd27a/0'])}</defs>` +
    `<rect width="800" height="600" fill="url(#b)"/><circle cx="150" cy="130" r="90" fill="#fff" opacity=".5"/>` +
    `<path d="M0 250q90-120 60-250h-60zM40 330q140-150 70-330h-40q60 170-30 330z" fill="#6b9b6f" opacity=".7"/>` +
    `<rect y="440" width="800" height="160" fill="url(#w)"/>` +
    `<g fill="none" stroke="#fff" stroke-width="3" opacity=".6"><ellipse cx="330" cy="470" rx="190" ry="26"/><ellipse cx="330" cy="470" rx="250" ry="40"/><ellipse cx="620" cy="520" rx="90" ry="14"/></g>` +
    stones +
    `<path d="M305 290q12-8 30-6" stroke="#fff" stroke-width="4" fill="none" opacity=".4"/>` +
    `<circle cx="560" cy="330" r="90" fill="url(#f)"/><rect x="535" y="350" width="50" height="110" rx="6" fill="#fbf3e4"/><ellipse cx="560" cy="350" rx="25" ry="6" fill="#eadcc3"/>` +
    `<path d="M560 300q-16 26 0 44q16-18 0-44z" fill="#ffb347"/><path d="M560 318q-7 12 0 22q7-10 0-22z" fill="#fff3c4"/>` +
    petals +
    `<circle cx="640" cy="188" r="12" fill="#fff3c4"/><path d="M640 230q10 100-20 210" stroke="#4f7f55" stroke-width="6" fill="none"/>` +
    steam(250, 430, 160, 0.5) +
    steam(440, 420, 140, 0.4)
  );
};

const beauty: Scene = (v, rnd) => {
  const p = pick(
    [
      { bg: ['#ffe3d3', '#f29e9e'], glass: ['#ffd0dc', '#e06c8c'], rose: '#d6336c' },
      { bg: ['#fff1e0', '#f7b7a3'], glass: ['#ffe2b8', '#e89a4c'], rose: '#c9184a' },
    ],
    v,
  );
  let petals = '';
  for (let i = 0; i < 14; i++) {
    const x = r0(60 + rnd() * 680);
    const y = r0(420 + rnd() * 160);
    petals += `<ellipse cx="${x}" cy="${y}" rx="14" ry="8" fill="${p.rose}" opacity=".7" transform="rotate(${r0(rnd() * 180)} ${x} ${y})"/>`;
  }
  const rose = (x: number, y: number, s: number) =>
    `<g transform="translate(${x} ${y}) scale(${s})"><circle r="40" fill="${p.rose}"/><path d="M-22-8q22-26 44 0q-22 30-44 0zM-12-2q12-14 24 0q-12 16-24 0z" fill="#fff" opacity=".25"/><path d="M-30 10q30 40 60 0" fill="none" stroke="#fff" stroke-width="3" opacity=".3"/><path d="M0 40q-10 60 10 120" stroke="#3f7d4e" stroke-width="7" fill="none"/><path d="M0 90q-40-20-50 10q30 14 50-10z" fill="#4f9a5e"/></g>`;
  return (
    `<defs>${lin('b', p.bg)}${lin('g', p.glass, 1, 0)}${rad('h', ['#fff/.9', '#fff/0'])}</defs>` +
    `<rect width="800" height="600" fill="url(#b)"/><circle cx="400" cy="260" r="220" fill="url(#h)"/>` +
    `<rect y="430" width="800" height="170" fill="#fff" opacity=".35"/>` +
    `<path d="M360 150h80v40q70 30 70 120v140q0 30-30 30h-160q-30 0-30-30v-140q0-90 70-120z" fill="url(#g)"/>` +
    `<rect x="370" y="110" width="60" height="45" rx="8" fill="#c89b5a"/><rect x="380" y="95" width="40" height="20" rx="6" fill="#e7c187"/>` +
    `<path d="M320 300v120" stroke="#fff" stroke-width="12" stroke-linecap="round" opacity=".45"/>` +
    `<path d="M340 330h120l-10 40h-100z" fill="#fff" opacity=".5"/>` +
    `<rect x="560" y="380" width="110" height="80" rx="14" fill="#fff8f0"/><rect x="552" y="366" width="126" height="26" rx="8" fill="#c89b5a"/>` +
    rose(200, 330, 1) +
    rose(150, 390, 0.7) +
    petals +
    sparkle(620, 150, 26, '#fff') +
    sparkle(200, 130, 16, '#fff')
  );
};

const couscous: Scene = (v, rnd) => {
  const p = pick(
    [
      { bg: ['#f9d27b', '#d8612c'], cloth: '#8c2f39', plate: ['#d9733e', '#8a3318'] },
      { bg: ['#fbe3a1', '#e0923c'], cloth: '#1f6f78', plate: ['#3a7ca5', '#1d3f63'] },
    ],
    v,
  );
  let grains = '';
  for (let i = 0; i < 60; i++) {
    const a = rnd() * Math.PI;
    const rr = Math.sqrt(rnd());
    grains += `M${r0(400 + Math.cos(a) * 190 * rr)} ${r0(420 - Math.sin(a) * 200 * rr)}h3v3h-3z`;
  }
  return (
    `<defs>${rad('b', p.bg, 0.5, 0.3, 0.8)}${lin('p', p.plate)}${lin('c', ['#ffe39a', '#e9b44c', '#c98b2a'])}</defs>` +
    `<rect width="800" height="600" fill="url(#b)"/>` +
    `<path d="M0 390h800v210h-800z" fill="${p.cloth}"/><path d="M0 410h800M0 570h800" stroke="#f6d27a" stroke-width="6" stroke-dasharray="14 10"/>` +
    `<ellipse cx="400" cy="445" rx="290" ry="95" fill="#000" opacity=".2"/>` +
    `<ellipse cx="400" cy="430" rx="280" ry="90" fill="url(#p)"/><ellipse cx="400" cy="425" rx="240" ry="70" fill="none" stroke="#f8e3b5" stroke-width="5" stroke-dasharray="18 8"/>` +
    `<path d="M200 430q30-230 200-230q170 0 200 230q-200 40-400 0z" fill="url(#c)"/>` +
    `<path d="${grains}" fill="#fff3c4" opacity=".8"/>` +
    `<g transform="rotate(-20 360 260)"><rect x="300" y="250" width="130" height="28" rx="14" fill="#ee7d22"/><path d="M300 264l-20-10v20z" fill="#ee7d22"/></g>` +
    `<g transform="rotate(25 470 290)"><rect x="420" y="280" width="110" height="32" rx="16" fill="#5b9a3a"/><rect x="430" y="288" width="90" height="16" rx="8" fill="#b7d98b"/></g>` +
    `<ellipse cx="400" cy="220" rx="48" ry="34" fill="#8a4a2b"/><ellipse cx="390" cy="210" rx="18" ry="9" fill="#b5714a"/>` +
    `<path d="M290 330q40-40 80 0z" fill="#f39c34"/><path d="M500 360q35-45 70 0z" fill="#f2b233"/>` +
    [[330, 370], [350, 385], [480, 330], [455, 395], [520, 400], [300, 395]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="9" fill="#f1d9a0" stroke="#c9a35c" stroke-width="2"/>`).join('') +
    steam(330, 190, 150) +
    steam(420, 170, 150, 0.5) +
    steam(500, 200, 140)
  );
};

const tajine: Scene = (v) => {
  const p = pick(
    [
      { bg: ['#f9c66b', '#c7512b'], table: '#6b3a22', lid: ['#e07a46', '#9c3b1c'], glow: false },
      { bg: ['#3b1d3a', '#7a2f3b'], table: '#2a1520', lid: ['#e38b4f', '#8e3416'], glow: true },
      { bg: ['#ffe0a3', '#e38b45'], table: '#5b3b26', lid: ['#2f8f83', '#175a56'], glow: false },
    ],
    v,
  );
  const candles = p.glow
    ? `<circle cx="130" cy="300" r="110" fill="url(#g)"/><circle cx="680" cy="300" r="110" fill="url(#g)"/><rect x="115" y="320" width="30" height="120" fill="#f8ead0"/><path d="M130 285q-12 20 0 32q12-12 0-32z" fill="#ffc04d"/><rect x="665" y="320" width="30" height="120" fill="#f8ead0"/><path d="M680 285q-12 20 0 32q12-12 0-32z" fill="#ffc04d"/>`
    : `<circle cx="640" cy="140" r="70" fill="#fff" opacity=".3"/>`;
  return (
    `<defs>${lin('b', p.bg)}${lin('l', p.lid, 1, 0.3)}${rad('g', ['#ffcf6b/.6', '#ffcf6b/0'])}</defs>` +
    `<rect width="800" height="600" fill="url(#b)"/>${candles}` +
    `<rect y="450" width="800" height="150" fill="${p.table}"/><path d="M0 450h800" stroke="#000" stroke-opacity=".2" stroke-width="6"/>` +
    `<ellipse cx="400" cy="470" rx="250" ry="50" fill="#000" opacity=".3"/>` +
    `<ellipse cx="400" cy="452" rx="240" ry="46" fill="${p.lid[1]}"/><ellipse cx="400" cy="440" rx="232" ry="38" fill="url(#l)"/>` +
    `<path d="M225 440q175 30 350 0q-90-70-150-250h-50q-60 180-150 250z" fill="url(#l)"/>` +
    `<path d="M250 420q150 25 300 0M290 375q110 18 220 0M330 320q70 12 140 0" fill="none" stroke="#fbe3b8" stroke-width="6" stroke-dasharray="12 8"/>` +
    `<path d="M375 190l25-30l25 30z" fill="${p.lid[1]}"/><circle cx="400" cy="150" r="20" fill="url(#l)"/>` +
    `<path d="M360 240q-10 60 -50 120" stroke="#fff" stroke-width="8" opacity=".25" fill="none" stroke-linecap="round"/>` +
    steam(220, 420, 150) +
    steam(580, 420, 150) +
    `<ellipse cx="660" cy="520" rx="90" ry="26" fill="#e8b563"/><path d="M600 515l30-10M640 520l30-12M680 522l30-10" stroke="#b57a2c" stroke-width="5"/>` +
    `<ellipse cx="140" cy="525" rx="70" ry="20" fill="#f4ead5"/>` +
    [[115, 515], [140, 510], [165, 517], [128, 525], [152, 527]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="10" fill="#556b2f"/>`).join('')
  );
};

const tea: Scene = (v) => {
  const p = pick(
    [
      { bg: ['#2f7d6d', '#a9dcc7'], tray: ['#f4d27a', '#b8862d'] },
      { bg: ['#7a2e3b', '#f0a88a'], tray: ['#f4d27a', '#a8741f'] },
    ],
    v,
  );
  const glass = (x: number) =>
    `<path d="M${x} 330h56l-8 120h-40z" fill="#fff" opacity=".35"/><path d="M${x + 4} 360h48l-6 88h-36z" fill="url(#t)"/><path d="M${x} 340h56" stroke="#e3b341" stroke-width="6"/><path d="M${x + 14} 352q14-30 30-6q-16 10-30 6z" fill="#4caf50"/>`;
  return (
    `<defs>${lin('b', p.bg)}${lin('y', p.tray, 1, 0)}${lin('s', ['#f5f5f5', '#b8bcc4', '#7c828c'], 1, 0)}${lin('t', ['#e8a33b', '#a4541d'])}</defs>` +
    `<rect width="800" height="600" fill="url(#b)"/>` +
    `<g fill="#fff" opacity=".12"><circle cx="100" cy="100" r="60"/><circle cx="700" cy="120" r="90"/><circle cx="720" cy="500" r="40"/></g>` +
    `<ellipse cx="400" cy="480" rx="320" ry="80" fill="#000" opacity=".2"/><ellipse cx="400" cy="465" rx="310" ry="76" fill="url(#y)"/><ellipse cx="400" cy="458" rx="280" ry="62" fill="none" stroke="#fff2c4" stroke-width="4" stroke-dasharray="10 8"/>` +
    `<path d="M475 330q60-20 80-110l14 6q-16 110-80 130z" fill="url(#s)"/>` +
    `<path d="M330 300q-60 20-40 80q10 30 50 30" fill="none" stroke="#8c929b" stroke-width="14"/>` +
    `<path d="M320 280q-30 150 80 160q110-10 80-160z" fill="url(#s)"/><path d="M335 280h130l-20-40h-90z" fill="url(#s)"/>` +
    `<path d="M360 240q40-50 80 0z" fill="#d9dde3"/><circle cx="400" cy="196" r="10" fill="#c0c5cd"/><path d="M330 330q70 20 140 0" stroke="#fff" stroke-width="5" opacity=".5" fill="none"/>` +
    steam(560, 210, 120, 0.5) +
    glass(180) +
    glass(565) +
    `<ellipse cx="240" cy="500" rx="80" ry="20" fill="#fff8ea"/>` +
    ([[200, 490], [240, 485], [280, 492], [222, 500], [260, 502]] as const).map(([x, y]) => `<path d="M${x} ${y - 10}l20 10l-20 10l-20-10z" fill="#d08c3a" stroke="#8e5a1c" stroke-width="2"/>`).join('')
  );
};

const camel =
  '<path id="k" d="M10 40q4-10 12-12q12-22 26-4q8 6 16 4q6-10 8-18q2-6 10-4l6 4q-2 4-8 3q-4 11-6 23q-2 10-10 12l-4 30h-4v-28h-6v28h-4l-1-28h-15l-2 28h-4v-28h-4l-2 28h-4v-32q-4-2-4-6z"/>';

const desert: Scene = (v) => {
  const p = pick(
    [
      { sky: ['#ffe1a1', '#f7a35c', '#e0633a'], sun: '#fff1c1', d: [['#f7b267', '#e38040'], ['#e9894a', '#c45a2c'], ['#d0663a', '#9b3d22']] },
      { sky: ['#3d2461', '#a4508b', '#f4a261'], sun: '#ffe3a3', d: [['#e9a06a', '#c46a3c'], ['#c8703f', '#95462a'], ['#8d4a2e', '#5e2f1f']] },
    ],
    v,
  );
  return (
    `<defs>${lin('s', p.sky)}${p.d.map((c, i) => lin(`d${i}`, c)).join('')}${rad('g', [`${p.sun}/.9`, `${p.sun}/0`])}${camel}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/><circle cx="560" cy="300" r="170" fill="url(#g)"/><circle cx="560" cy="300" r="70" fill="${p.sun}"/>` +
    `<path d="M0 360q200-80 400-20t400-40v300h-800z" fill="url(#d0)"/>` +
    `<path d="M0 430q180-110 380-40q200 70 420-20v230h-800z" fill="url(#d1)"/>` +
    `<g fill="#3b1f14" opacity=".85"><use href="#k" transform="translate(250 290) scale(.9)"/><use href="#k" transform="translate(335 282) scale(.95)"/><use href="#k" transform="translate(420 290) scale(.8)"/></g>` +
    `<path d="M0 500q220-80 440-10q180 60 360 0v110h-800z" fill="url(#d2)"/>` +
    `<path d="M0 500q220-80 440-10" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="4"/>`
  );
};

const bridge: Scene = (v, rnd) => {
  const p = pick([{ sky: ['#8ec5e8', '#ffe3b3'] }, { sky: ['#f7b58a', '#fde7c9'] }], v);
  let hangers = '';
  for (let x = 270; x <= 510; x += 20) {
    const t = (x - 250) / 280;
    const y = (1 - t) * (1 - t) * 200 + 2 * (1 - t) * t * 300 + t * t * 200;
    hangers += `M${x} ${r0(y)}V262`;
  }
  const houses: [number, number, number, number][] = [];
  const wins: [number, number, number, number][] = [];
  for (const [x0, x1, base] of [[0, 220, 236], [560, 800, 226]] as const) {
    for (let x = x0; x < x1; ) {
      const w = 34 + r0(rnd() * 30);
      const h = 30 + r0(rnd() * 50);
      houses.push([x, base - h, w - 4, h]);
      wins.push([x + 8, base - h + 10, 8, 10]);
      x += w;
    }
  }
  return (
    `<defs>${lin('s', p.sky)}${lin('r', ['#d9a066', '#8a5230', '#4f2d1a'])}${lin('g', ['#7f8fa3', '#4a3a3a', '#24160f'])}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/><circle cx="400" cy="110" r="50" fill="#fff6d5"/>` +
    `<path d="M150 240q120-60 250-30t250 20v60h-500z" fill="#9bb6c9"/>` +
    `<path d="M230 240h330v360h-330z" fill="url(#g)"/>` +
    `<path d="M380 600q-30-60 20-110t-10-120" fill="none" stroke="#7fc4d9" stroke-width="10" opacity=".7"/>` +
    `<path d="${rects(houses)}" fill="#fbf6ec"/><path d="${rects(wins)}" fill="#5a7d9a"/>` +
    `<path d="M0 236h240l20 60l-20 70l30 90l-20 144h-250z" fill="url(#r)"/>` +
    `<path d="M800 226h-260l-20 70l30 80l-30 90l20 134h260z" fill="url(#r)"/>` +
    `<path d="M0 300h250M0 380h240M0 470h260M545 300h255M550 390h250M530 480h270" stroke="#3c2415" stroke-width="3" opacity=".25"/>` +
    `<path d="M240 200h16v70h-16zM524 200h16v70h-16z" fill="#5b4636"/>` +
    `<path d="M248 200Q390 400 532 200" fill="none" stroke="#3f3f46" stroke-width="5"/>` +
    `<path d="${hangers}" stroke="#3f3f46" stroke-width="2"/><rect x="240" y="260" width="300" height="10" fill="#52525b"/>` +
    `<path d="M330 120l10 8l10-8M600 90l8 6l8-6M640 110l6 5l6-5" fill="none" stroke="#333" stroke-width="3"/>`
  );
};

const mountains: Scene = (v) => {
  const p = pick(
    [
      { sky: ['#8fd0f2', '#fdf3da'], far: '#8aa7c8', mid: '#4f7aa0', near: ['#7cb36a', '#3d7a45'], tree: '#1f5133' },
      { sky: ['#f6a06b', '#ffe2a8'], far: '#c27d8c', mid: '#7d4f7a', near: ['#8a9a5b', '#4f5f30'], tree: '#2c3a1c' },
      { sky: ['#a3d9e8', '#e8f6ef'], far: '#9bb5a8', mid: '#5f8a7b', near: ['#9ccf7a', '#4b8c4e'], tree: '#25573a' },
    ],
    v,
  );
  const tree = '<path id="t" d="M0 0l30 50h-14l24 40h-16l26 44h-100l26-44h-16l24-40h-14z"/>';
  return (
    `<defs>${lin('s', p.sky)}${lin('n', p.near)}${tree}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/><circle cx="620" cy="120" r="55" fill="#fff7d6"/>` +
    `<path d="M0 330l120-130l90 70l130-160l120 120l80-60l150 150l110-60v340h-800z" fill="${p.far}"/>` +
    `<path d="M330 110l-40 50l30-10l20 25l15-30l25 10zM210 270l-30 30l25-5l10 10z" fill="#fff" opacity=".85"/>` +
    `<path d="M0 400l160-120l110 80l140-110l150 130l110-70l130 100v190h-800z" fill="${p.mid}"/>` +
    `<path d="M410 250l-40 40l25-6l15 18l12-22l28 8z" fill="#fff" opacity=".8"/>` +
    `<path d="M0 480q200-90 400-30t400-20v170h-800z" fill="url(#n)"/>` +
    `<g fill="${p.tree}"><use href="#t" transform="translate(90 380)"/><use href="#t" transform="translate(160 410) scale(.8)"/><use href="#t" transform="translate(650 390)"/><use href="#t" transform="translate(720 420) scale(.75)"/><use href="#t" transform="translate(580 440) scale(.6)"/></g>` +
    `<path d="M300 600q80-80 120-150" stroke="#f3e2b3" stroke-width="16" fill="none" stroke-linecap="round" opacity=".8"/>`
  );
};

const palm =
  '<g id="p"><path d="M0 0q-6 90 4 200" stroke="#6b4226" stroke-width="12" fill="none"/><g fill="#3f7d3a"><path d="M0 0q-60-30-100 10q50-10 100-10z"/><path d="M0 0q60-30 100 10q-50-10-100-10z"/><path d="M0 0q-40-50-90-40q50 10 90 40z"/><path d="M0 0q40-50 90-40q-50 10-90 40z"/><path d="M0 0q-10-50 10-70q-5 35-10 70z"/></g></g>';

const oasis: Scene = (v) => {
  const p = pick(
    [
      { sky: ['#fde3b0', '#f6a35c'], sand: ['#f2c98a', '#d99a56'], ksar: ['#d8a46c', '#b57a45'] },
      { sky: ['#bfe3f2', '#fbe6c2'], sand: ['#f0d29b', '#d6a25e'], ksar: ['#e2c295', '#b98b57'] },
      { sky: ['#ffd3a5', '#fd9f7a'], sand: ['#f2c07f', '#cf8a4c'], ksar: ['#e7b98b', '#c18656'] },
    ],
    v,
  );
  return (
    `<defs>${lin('s', p.sky)}${lin('d', p.sand)}${lin('k', p.ksar)}${lin('w', ['#7fd1e0', '#2b8fb0'])}${palm}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/><circle cx="160" cy="120" r="60" fill="#fff5d1"/>` +
    `<path d="M300 330l20-40h60v-30h50v-50h40v-60l10-14l10 14v60h30v60h50v40h60l30 60z" fill="url(#k)"/>` +
    `<path d="${rects([[340, 300, 10, 14], [380, 280, 10, 14], [450, 240, 10, 14], [520, 270, 10, 14], [560, 300, 10, 14], [482, 150, 8, 12]])}" fill="#6b3e1e"/>` +
    `<path d="M0 360q200-50 400-20t400 0v260h-800z" fill="url(#d)"/>` +
    `<ellipse cx="430" cy="470" rx="230" ry="50" fill="url(#w)"/><path d="M300 470h80M460 480h90M360 490h60" stroke="#fff" stroke-width="4" opacity=".6"/>` +
    `<use href="#p" transform="translate(150 250)"/><use href="#p" transform="translate(240 290) scale(.8)"/><use href="#p" transform="translate(660 240) scale(1.1)"/><use href="#p" transform="translate(720 300) scale(.7)"/>`
  );
};

const riad: Scene = (v, rnd) => {
  const p = pick(
    [
      { sky: ['#0b1540', '#2b2266', '#5a2d6e'], sil: '#140c2b' },
      { sky: ['#0f2440', '#28405e', '#7a3f5a'], sil: '#0d1626' },
      { sky: ['#1a1240', '#40307a', '#9b5a7a'], sil: '#17102e' },
    ],
    v,
  );
  const wins: string[] = [];
  for (const [x, y] of [[180, 440], [240, 440], [330, 400], [400, 400], [470, 400], [560, 430], [620, 430], [690, 450], [90, 470]] as const) {
    wins.push(`M${x} ${y + 36}v-24a10 10 0 0 1 20 0v24z`);
  }
  return (
    `<defs>${lin('s', p.sky)}${rad('g', ['#ffcf6b/.55', '#ffcf6b/0'])}${rad('m', ['#fff6d5/.5', '#fff6d5/0'])}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/>` +
    stars(rnd, 45, 0, 0, 800, 330) +
    `<circle cx="620" cy="120" r="110" fill="url(#m)"/><path d="M610 60a62 62 0 1 0 56 96a50 50 0 1 1-56-96z" fill="#fff3c4"/>` +
    `<path d="M0 600v-150h60v-30h80v-40h50q0-60 60-70q60 10 60 70h30v-60l12-30l12 30v20h20v-40h80q0-80 80-90q80 10 80 90h50v60h70q0-40 40-40q40 0 40 40h40v80h36v160z" fill="${p.sil}"/>` +
    `<rect x="298" y="270" width="24" height="10" fill="${p.sil}"/>` +
    `<path d="${wins.join('')}" fill="#ffcf6b"/>` +
    `<circle cx="110" cy="230" r="80" fill="url(#g)"/><path d="M110 0v170" stroke="#c9a24a" stroke-width="3"/>` +
    `<path d="M90 180h40l10 30l-10 40h-40l-10-40z" fill="#e0a33a"/><path d="M100 190h20l5 20l-5 30h-20l-5-30z" fill="#fff1b8"/><path d="M95 250l15 20l15-20z" fill="#c9862a"/>`
  );
};

const seaNight: Scene = (v, rnd) => {
  const p = pick(
    [{ sky: ['#0d1b3d', '#3c2f6e', '#d0846a'] }, { sky: ['#10213f', '#2f4a7a', '#c98f8f'] }],
    v,
  );
  return (
    `<defs>${lin('s', p.sky)}${lin('w', ['#2a3f7a', '#0b1530'])}${rad('m', ['#fff5cf/.6', '#fff5cf/0'])}${rad('b', ['#fff3b0/.7', '#fff3b0/0'], 0, 0.5, 1)}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/>` +
    stars(rnd, 30, 0, 0, 800, 250) +
    `<circle cx="330" cy="150" r="120" fill="url(#m)"/><circle cx="330" cy="150" r="46" fill="#fff5cf"/>` +
    `<rect y="380" width="800" height="220" fill="url(#w)"/>` +
    `<path d="M300 400h60M290 430h80M305 465h50M280 505h100M310 550h40" stroke="#fff5cf" stroke-width="6" stroke-linecap="round" opacity=".55"/>` +
    `<path d="M560 380l40-90h120l80 40v50z" fill="#1b1430"/>` +
    `<path d="M640 300l-250-60v120z" fill="url(#b)" opacity=".7"/>` +
    `<path d="M625 300h30l8-130h-46z" fill="#f2efe9"/><path d="M619 250h42v20h-42zM614 200h52v18h-52z" fill="#c0392b"/><rect x="620" y="140" width="40" height="32" fill="#ffe27a"/><path d="M612 140h56l-28-26z" fill="#1b1430"/>` +
    `<path d="M0 380v-120h60v-40h90v60h70v100z" fill="#1b1430"/>` +
    `<path d="${rects([[20, 280, 12, 14], [50, 300, 12, 14], [80, 240, 12, 14], [110, 270, 12, 14], [170, 320, 12, 14], [190, 350, 12, 14], [80, 340, 12, 14]])}" fill="#ffcf6b"/>`
  );
};

const sea: Scene = (v) => {
  const p = pick(
    [
      { sky: ['#8fd3fe', '#e6f6ff'], sea: ['#2aa6c9', '#0c5c86'], board: '#ff8c42' },
      { sky: ['#ffd6a5', '#fff1dc'], sea: ['#3bb3c3', '#1a6b8a'], board: '#e63946' },
    ],
    v,
  );
  return (
    `<defs>${lin('s', p.sky)}${lin('w', p.sea)}${lin('b', ['#f9e0a8', '#e2b66e'])}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/><circle cx="650" cy="110" r="55" fill="#fff4c2"/>` +
    `<path d="M0 300l90-90l60 30l90-60l120 120z" fill="#6b8fb0" opacity=".8"/>` +
    `<rect y="300" width="800" height="300" fill="url(#w)"/>` +
    `<path d="M40 360q20-10 40 0t40 0M520 340q20-10 40 0t40 0M620 420q20-10 40 0t40 0M200 470q20-10 40 0t40 0" fill="none" stroke="#fff" stroke-width="4" opacity=".6"/>` +
    `<path d="M560 290v-90l50 80zM556 205l-40 75h40z" fill="#fff"/><path d="M515 290h105l-15 16h-75z" fill="#33415c"/>` +
    `<path d="M540 600q40-120 260-150v150z" fill="url(#b)"/>` +
    `<path d="${rects([[640, 380, 16, 80], [690, 395, 16, 65], [740, 370, 16, 90]])}" fill="#f4e4c1"/><path d="${rects([[634, 372, 28, 10], [684, 387, 28, 10], [734, 362, 28, 10]])}" fill="#e3cfa3"/>` +
    `<path d="M230 470q100 18 200 0q-100 16-200 0z" stroke="${p.board}" stroke-width="14" stroke-linecap="round"/>` +
    `<circle cx="330" cy="330" r="16" fill="#5a3825"/><path d="M330 346v70M330 416l-16 48M330 416l16 48M330 366l-30 30M330 366l34 8" stroke="#5a3825" stroke-width="10" stroke-linecap="round"/>` +
    `<path d="M360 300l-30 180" stroke="#33415c" stroke-width="5"/><path d="M325 480l10 20l10-18z" fill="#33415c"/>`
  );
};

const climbing: Scene = (v, rnd) => {
  const p = pick(
    [
      { sky: ['#9ad4f5', '#fef0d0'], wall: ['#f2a65a', '#c8553d'] },
      { sky: ['#ffd6a5', '#fff2de'], wall: ['#3aa59b', '#1f5f5b'] },
      { sky: ['#c7e9f1', '#f3fbf7'], wall: ['#8d6cc7', '#4b3a8a'] },
    ],
    v,
  );
  const colors = ['#ffd166', '#ef476f', '#06d6a0', '#118ab2', '#f8f9fa', '#ff9f1c'];
  let holds = '';
  for (let i = 0; i < 26; i++) {
    const x = r0(190 + rnd() * 430);
    const y = r0(60 + rnd() * 480);
    const rx = r0(10 + rnd() * 12);
    holds += `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${r0(rx * 0.7)}" fill="${pick(colors, i)}" transform="rotate(${r0(rnd() * 180)} ${x} ${y})"/>`;
  }
  return (
    `<defs>${lin('s', p.sky)}${lin('w', p.wall, 1, 1)}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/>` +
    `<path d="M0 420l120-150l100 90l120-140l140 160l150-120l170 160v180h-800z" fill="#7c9cb5" opacity=".6"/>` +
    `<path d="M160 600l40-600h420l40 600z" fill="url(#w)"/>` +
    `<path d="M190 120h440M185 240h450M180 360h460M175 480h470M300 0l-10 600M420 0v600M540 0l10 600" stroke="#000" stroke-opacity=".12" stroke-width="3"/>` +
    holds +
    `<path d="M420 30q-80 120 20 220t-60 200q-40 80 10 150" fill="none" stroke="#ff006e" stroke-width="6"/>` +
    `<path d="M412 20h16v24h-16zM428 240h14v22h-14zM376 430h14v22h-14z" fill="#adb5bd"/>` +
    `<path d="M0 560q400-40 800 0v40h-800z" fill="#6a994e"/>`
  );
};

const tassili: Scene = (v, rnd) => {
  const p = pick(
    [
      { sky: ['#2e1f5e', '#b8527a', '#ffb36b'], rock: ['#c2603b', '#6e2a1d'], sand: ['#f0a35e', '#c96b36'] },
      { sky: ['#1f3a5f', '#d9735a', '#ffd08a'], rock: ['#b45a36', '#5a2418'], sand: ['#f4b26e', '#d27d3f'] },
    ],
    v,
  );
  return (
    `<defs>${lin('s', p.sky)}${lin('r', p.rock, 1, 1)}${lin('d', p.sand)}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/>` +
    stars(rnd, 22, 0, 0, 800, 160) +
    `<circle cx="640" cy="420" r="80" fill="#ffe7a8" opacity=".9"/>` +
    `<path d="M0 430q200-40 400-10t400-10v190h-800z" fill="${p.rock[1]}" opacity=".5"/>` +
    `<path fill-rule="evenodd" d="M80 520l30-200q20-120 190-130q180 0 220 120l30 210zM190 520l10-120q20-90 110-92q100 2 110 92l10 120z" fill="url(#r)"/>` +
    `<path d="M130 330q40-110 170-120" fill="none" stroke="#f3b07a" stroke-width="6" opacity=".5"/>` +
    `<path d="M600 520l10-120q-40-10-40-40q10-30 70-30q70 0 70 30q0 30-40 40l10 120z" fill="url(#r)"/>` +
    `<path d="M720 520l4-70q-24-6-24-22q6-18 40-18q40 0 40 18q0 16-24 22l4 70z" fill="url(#r)"/>` +
    `<path d="M0 520q200-40 420 0t380-10v90h-800z" fill="url(#d)"/>` +
    `<path d="M250 300l20-10l20 10M270 290v20M255 320l15-10l15 10" fill="none" stroke="#fde2c0" stroke-width="3" opacity=".7"/>`
  );
};

const casbah: Scene = (v, rnd) => {
  const p = pick([{ sky: ['#a8dcff', '#fff4e0'], sea: ['#2f8fc9', '#1a5f94'] }, { sky: ['#ffcfa3', '#fff1df'], sea: ['#3a86b8', '#214f7d'] }], v);
  const white: [number, number, number, number][] = [];
  const shade: [number, number, number, number][] = [];
  const wins: [number, number, number, number][] = [];
  for (let row = 0; row < 7; row++) {
    const y = 150 + row * 62;
    const end = 200 + row * 75;
    for (let x = -10 + (row % 2) * 20; x < end; ) {
      const w = 46 + r0(rnd() * 34);
      const h = 50 + r0(rnd() * 26);
      white.push([x, y - h + 40, w - 6, h]);
      shade.push([x + w - 16, y - h + 40, 10, h]);
      if (rnd() > 0.3) wins.push([x + 10 + r0(rnd() * 12), y - h + 56, 9, 12]);
      x += w;
    }
  }
  return (
    `<defs>${lin('s', p.sky)}${lin('w', p.sea)}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/><circle cx="660" cy="100" r="45" fill="#fff6d0"/>` +
    `<rect y="260" width="800" height="340" fill="url(#w)"/><path d="M500 300h80M600 340h120M560 420h90M660 470h100" stroke="#fff" stroke-width="3" opacity=".5"/>` +
    `<path d="M640 520h160v-14h-160z" fill="#d8d2c4"/><path d="M690 500l40-60v60zM740 505l30-44v44z" fill="#fff"/>` +
    `<path d="M0 150q300 140 640 450h-640z" fill="#e9e2d2"/>` +
    `<path d="${rects(white)}" fill="#fbfaf6"/><path d="${rects(shade)}" fill="#dcd6ca"/><path d="${rects(wins)}" fill="#2f6ea5"/>` +
    `<path d="M120 230v-150h44v150z" fill="#f7f3ea"/><path d="M116 80h52v-10h-52zM128 70v-30h28v30z" fill="#e8e0cf"/><path d="M135 40l7-18l7 18z" fill="#2f8f5b"/><path d="M134 100h16v26h-16z" fill="#2f6ea5"/>` +
    `<g fill="#3f8f4f"><circle cx="260" cy="300" r="16"/><circle cx="420" cy="480" r="18"/><circle cx="90" cy="420" r="14"/></g>`
  );
};

const ruins: Scene = (v) => {
  const p = pick(
    [
      { sky: ['#ffe2a8', '#f59e5b'], stone: ['#f3d7a4', '#c99a5e'], hill: '#c77d4a' },
      { sky: ['#d6ecf5', '#fbe4bd'], stone: ['#f1ddb6', '#c6a06a'], hill: '#8fae7a' },
    ],
    v,
  );
  const column = (x: number, top: number) =>
    `<rect x="${x}" y="${top}" width="34" height="${480 - top}" fill="url(#c)"/><rect x="${x - 8}" y="${top - 16}" width="50" height="18" fill="#e6c58f"/><path d="M${x + 9} ${top + 6}v${470 - top}M${x + 17} ${top + 6}v${470 - top}M${x + 25} ${top + 6}v${470 - top}" stroke="#b8894e" stroke-width="2" opacity=".5"/>`;
  return (
    `<defs>${lin('s', p.sky)}${lin('c', p.stone, 1, 0)}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/><circle cx="180" cy="150" r="70" fill="#fff3cf"/>` +
    `<path d="M0 380q150-70 300-30t500-30v280h-800z" fill="${p.hill}" opacity=".6"/>` +
    `<path fill-rule="evenodd" d="M420 480v-260h300v260zM530 480v-130a40 40 0 0 1 80 0v130zM448 480v-80a18 18 0 0 1 36 0v80zM656 480v-80a18 18 0 0 1 36 0v80z" fill="url(#c)"/>` +
    `<path d="M410 220h320v-22h-320z" fill="#e6c58f"/><path d="M440 300h40v20h-40zM660 300h40v20h-40z" fill="#b8894e" opacity=".5"/>` +
    column(120, 230) +
    column(200, 260) +
    column(280, 330) +
    `<path d="M0 480h800v120h-800z" fill="#d9b27a"/><path d="M60 500h90v20h-90zM330 520h60v16h-60zM600 510h70v18h-70z" fill="#c29a62"/>` +
    `<path d="M760 480q-10-60 10-110" stroke="#6b4a2b" stroke-width="12" fill="none"/><g fill="#6f8f3a"><ellipse cx="760" cy="350" rx="60" ry="40"/><ellipse cx="720" cy="380" rx="40" ry="26"/></g>`
  );
};

const tiziri: Scene = (v, rnd) => {
  const p = pick([{ sky: ['#1c2a5a', '#5b4b8a', '#f3a683'] }, { sky: ['#14213d', '#3d5a80', '#e29578'] }], v);
  const roofs: string[] = [];
  const walls: [number, number, number, number][] = [];
  const wins: [number, number, number, number][] = [];
  for (let i = 0; i < 11; i++) {
    const x = 250 + i * 34 + r0(rnd() * 10);
    const y = 390 - Math.abs(i - 5) * 12 + r0(rnd() * 10);
    walls.push([x, y, 30, 28]);
    roofs.push(`M${x - 4} ${y}l19-16l19 16z`);
    if (rnd() > 0.35) wins.push([x + 11, y + 9, 8, 9]);
  }
  return (
    `<defs>${lin('s', p.sky)}${rad('m', ['#fff6d8/.6', '#fff6d8/0'])}</defs>` +
    `<rect width="800" height="600" fill="url(#s)"/>` +
    stars(rnd, 28, 0, 0, 800, 200) +
    `<circle cx="560" cy="160" r="150" fill="url(#m)"/><circle cx="560" cy="160" r="62" fill="#fff6d8"/>` +
    `<path d="M0 330l90-80l60 30l80-110l70 70l60-40l90 90l80-60l110 80l80-50l80 50v290h-800z" fill="#3b3b6d"/>` +
    `<path d="M230 170l-30 40l22-6l12 14l10-22l24 10zM370 200l-25 26l20-4l12 10z" fill="#e8ecff"/>` +
    `<path d="M0 470q180-120 400-110t400 90v150h-800z" fill="#2d3a4f"/>` +
    `<path d="${rects(walls)}" fill="#e9dcc4"/><path d="${roofs.join('')}" fill="#b5462f"/><path d="${rects(wins)}" fill="#ffcf6b"/>` +
    `<g fill="#1b2433"><ellipse cx="110" cy="500" rx="70" ry="40"/><ellipse cx="690" cy="510" rx="80" ry="44"/></g>` +
    `<path d="M110 600v-90M690 600v-90" stroke="#1b2433" stroke-width="14"/><path d="M0 560q400-30 800 0v40h-800z" fill="#1b2433"/>`
  );
};

const gift: Scene = (v, rnd) => {
  const p = pick(
    [
      { bg: ['#ffb38a', '#e2475a'], box: ['#1f8a8a', '#115e67'], ribbon: '#ffd166' },
      { bg: ['#3a0d2e', '#7b1e3c'], box: ['#f4d27a', '#b8862d'], ribbon: '#9d174d' },
    ],
    v,
  );
  const colors = ['#ffd166', '#06d6a0', '#fff', '#ef476f', '#118ab2'];
  let confetti = '';
  for (let i = 0; i < 26; i++) {
    const x = r0(rnd() * 800);
    const y = r0(rnd() * 560);
    if (x > 220 && x < 580 && y > 180) continue;
    confetti += `<rect x="${x}" y="${y}" width="14" height="7" fill="${pick(colors, i)}" transform="rotate(${r0(rnd() * 180)} ${x} ${y})"/>`;
  }
  return (
    `<defs>${rad('b', p.bg, 0.5, 0.4, 0.8)}${lin('x', p.box, 1, 1)}</defs>` +
    `<rect width="800" height="600" fill="url(#b)"/>` +
    confetti +
    `<ellipse cx="400" cy="540" rx="200" ry="26" fill="#000" opacity=".2"/>` +
    `<rect x="260" y="320" width="280" height="210" fill="url(#x)"/><rect x="240" y="270" width="320" height="60" fill="url(#x)"/><rect x="240" y="318" width="320" height="12" fill="#000" opacity=".15"/>` +
    `<rect x="383" y="270" width="34" height="260" fill="${p.ribbon}"/>` +
    `<path d="M400 270q-120-90-100-10q10 30 100 10zM400 270q120-90 100-10q-10 30-100 10z" fill="${p.ribbon}"/><circle cx="400" cy="268" r="18" fill="${p.ribbon}"/>` +
    `<path d="M330 236q40 20 60 30M470 236q-40 20-60 30" stroke="#000" stroke-opacity=".15" stroke-width="4" fill="none"/>` +
    sparkle(180, 180, 24, '#fff') +
    sparkle(640, 220, 18, '#fff') +
    sparkle(610, 420, 12, '#fff')
  );
};

export const SCENES: Record<SceneName, Scene> = {
  hammam,
  spa,
  beauty,
  couscous,
  tajine,
  tea,
  desert,
  bridge,
  mountains,
  oasis,
  riad,
  seaNight,
  sea,
  climbing,
  tassili,
  casbah,
  ruins,
  tiziri,
  gift,
};

/** Pictures of the six offer categories. */
const CATEGORY_SCENES: Record<TOfferCategory, [SceneName, number, string]> = {
  'bien-etre': ['spa', 2, 'Bien-être'],
  gastronomie: ['couscous', 1, 'Gastronomie'],
  sport: ['climbing', 2, 'Sport'],
  traditionnel: ['hammam', 1, 'Traditionnel'],
  detente: ['oasis', 2, 'Détente'],
  beaute: ['beauty', 1, 'Beauté'],
};

// ---------------------------------------------------------------------------------------------------
// Partner monograms (200 × 200)

const MONOGRAM_COLORS: Record<TOfferCategory, [string, string]> = {
  'bien-etre': ['#2a9d8f', '#1b5e63'],
  gastronomie: ['#e76f51', '#9c3b1c'],
  sport: ['#3a86ff', '#1d4e89'],
  traditionnel: ['#c0843d', '#7a4a1c'],
  detente: ['#7b5ea7', '#3f2d6b'],
  beaute: ['#e5698e', '#9d2b55'],
};

const SKIP_WORDS = new Set(
  'de du des la le les l d et el es à au aux restaurant hôtel hotel spa club centre institut maison salon atelier hammam thermes bivouac beauté équestre thé plongée nautique'.split(' '),
);

export function monogramInitials(name: string): string {
  const words = name.split(/[\s\-',]+/).filter(Boolean);
  const significant = words.filter((w) => !SKIP_WORDS.has(w.toLowerCase()));
  const chosen = (significant.length > 0 ? significant : words).slice(0, 2);
  return chosen.map((w) => w[0]!.toUpperCase()).join('');
}

export function partnerLogoSvg(name: string, category: TOfferCategory): string {
  const [a, b] = MONOGRAM_COLORS[category];
  const initials = esc(monogramInitials(name));
  const size = initials.length > 1 ? 76 : 96;
  return doc(
    name,
    `<defs>${lin('g', [a, b], 1, 1)}</defs><circle cx="100" cy="100" r="96" fill="url(#g)"/>` +
      `<circle cx="100" cy="100" r="82" fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="3" stroke-dasharray="2 6"/>` +
      `<path d="M100 20l6 8h-12zM100 180l6-8h-12z" fill="#fff" opacity=".7"/>` +
      `<text x="100" y="100" dy=".35em" text-anchor="middle" font-family="Georgia,'Times New Roman',serif" font-weight="700" font-size="${size}" fill="#fff">${initials}</text>`,
    [200, 200],
  );
}

// ---------------------------------------------------------------------------------------------------
// Output

export function boxImageSvg(box: { slug: string; name: string; scene: SceneName; variant: number }): string {
  return doc(box.name, SCENES[box.scene](box.variant, rng(hash(box.slug))));
}

export function categoryImageSvg(category: TOfferCategory): string {
  const [scene, variant, label] = CATEGORY_SCENES[category];
  return doc(label, SCENES[scene](variant, rng(hash(category))));
}

/** The widths of a seed picture as the storefront draws it: the same as an uploaded box picture's. */
export const SEED_PICTURE_WIDTHS = PICTURE_WIDTHS.box;
export const SEED_LOGO_WIDTH = 192;

/** Writes boxes/<slug>.svg, offers/<category>.svg and partners/<slug>.svg under `dir`; returns the paths. */
export function writeSeedImages(dir: string = SEED_IMAGES_DIR): string[] {
  const files: [string, string][] = [
    ...SEED_BOXES.map((b): [string, string] => [path.join(dir, 'boxes', `${b.slug}.svg`), boxImageSvg(b)]),
    ...OFFER_CATEGORIES.map((c): [string, string] => [path.join(dir, 'offers', `${c}.svg`), categoryImageSvg(c)]),
    ...SEED_PARTNERS.map((p): [string, string] => [path.join(dir, 'partners', `${p.slug}.svg`), partnerLogoSvg(p.name, p.category)]),
  ];
  for (const [file, svg] of files) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, svg);
  }
  return files.map(([file]) => file);
}

/**
 * Draws each SVG written by writeSeedImages as the WebP pictures the catalogue serves (sharp, the uploads'
 * encoder): boxes and offers at SEED_PICTURE_WIDTHS, partners' logos at SEED_LOGO_WIDTH.
 */
export async function writeSeedPictures(svgFiles: string[]): Promise<string[]> {
  const { default: sharp } = await import('sharp');
  const written: string[] = [];
  const draw = async (svg: Buffer, width: number, file: string) => {
    // Drawn at `width` rather than enlarged from the viewBox's own size (800 px a scene, 200 a logo): no blur.
    // Quality 60: flat colours and gradients show no loss there, and the hero's picture lies under a dark veil
    // (a picture of 800 px: 17 KB, 23 KB at 80, which slowed the Arabic homepage's largest paint on a phone's network).
    const drawn = Number(/viewBox="0 0 (\d+)/.exec(svg.toString('utf8'))?.[1] ?? 800);
    const data = await sharp(svg, { density: (72 * width) / drawn }).resize({ width }).webp({ quality: 60, effort: 6 }).toBuffer();
    fs.writeFileSync(file, data);
    written.push(file);
  };
  for (const file of svgFiles) {
    const svg = fs.readFileSync(file);
    const full = file.replace(/\.svg$/, '.webp');
    if (path.basename(path.dirname(file)) === 'partners') {
      await draw(svg, SEED_LOGO_WIDTH, full);
      continue;
    }
    await draw(svg, SEED_PICTURE_WIDTHS.full, full);
    for (const width of SEED_PICTURE_WIDTHS.widths) await draw(svg, width, seedPictureAt(full, width));
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const written = writeSeedImages(process.argv[2] ? path.resolve(process.argv[2]) : SEED_IMAGES_DIR);
  const pictures = await writeSeedPictures(written);
  console.log(`${written.length} images and ${pictures.length} pictures written.`);
}
