/**
 * `npm run bench:web`: builds the web app, starts the real server (fresh embedded database, demo data) and
 * runs Lighthouse (mobile preset: throttled slow 4G and a mid-range phone's CPU) on the homepage, the
 * catalogue and a box page, printing the performance and accessibility scores and the bytes moved.
 * It first prints, file by file, the JS and CSS a fresh browser downloads on the first visit of `/` (bytes
 * as sent, brotli; issue 23's budget is 160 KB with the response headers): deterministic, unlike the scores.
 * Each page is measured in French and in Arabic (the server draws a page in the language of the `farha.locale`
 * cookie, which Lighthouse sends with every request), and each run prints Lighthouse's `benchmarkIndex` (its
 * measure of the machine's CPU, higher is faster) beside the load average, so that runs on different machines,
 * or the same machine at a busier hour, can be compared (issue 34).
 * A benchmark, not a test: the scores depend on the machine's load. Set BENCH_SKIP_BUILD=1 to reuse
 * apps/web/dist, BENCH_RUNS=n to keep the median of n runs per page, BENCH_LOCALES=fr (or ar) for one
 * language, BENCH_PAGES=/,/catalog,box for some of the pages, BENCH_BLOCK='*.js,*.svg' to see a page without some of
 * its files (Lighthouse's blocked URL patterns: where the main thread's time goes).
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, UNUSED_UI_FEATURES } from '../support/chromium.ts';
import { REPO_ROOT, startFarhaServer } from '../support/farha-server.ts';
import { firstLoad, formatFirstLoad } from './first-load.ts';

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface PageFigures {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsCssTransfer: number;
  jsCssResource: number;
  totalTransfer: number;
  /** Lighthouse's measure of the machine's CPU during the run (`environment.benchmarkIndex`; higher is faster). */
  benchmarkIndex: number;
  /** The machine's load average over the last minute when the run ended. */
  load: number;
}

type Locale = 'fr' | 'ar';
const LOCALES: Locale[] = (process.env.BENCH_LOCALES ?? 'fr,ar').split(',').filter((l): l is Locale => l === 'fr' || l === 'ar');

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));

/** Issue 23's targets for `/`, `/catalog` and a box page, on the median of the runs. */
const TARGETS: { key: keyof PageFigures; label: string; met: (value: number) => boolean }[] = [
  { key: 'performance', label: 'performance ≥ 95', met: (value) => value >= 95 },
  { key: 'accessibility', label: 'accessibility 100', met: (value) => value === 100 },
  { key: 'fcpMs', label: 'FCP ≤ 1.2 s', met: (value) => value <= 1200 },
  { key: 'lcpMs', label: 'LCP ≤ 1.8 s', met: (value) => value <= 1800 },
  { key: 'tbtMs', label: 'TBT ≤ 150 ms', met: (value) => value <= 150 },
  { key: 'cls', label: 'CLS ≤ 0.02', met: (value) => value <= 0.02 },
];

/** Chromium with a DevTools port for Lighthouse (Debian's build, never a downloaded one). */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-lh-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      ...CHROMIUM_FLAGS,
      `--disable-features=${UNUSED_UI_FEATURES.join(',')}`,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  return {
    port,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function measure(url: string, port: number, locale: Locale, attempt = 1): Promise<PageFigures> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The server draws the page in the language of this cookie (apps/server routes/public/web-app.ts).
    extraHeaders: { Cookie: `farha.locale=${locale}` },
    ...(process.env.BENCH_BLOCK ? { blockedUrlPatterns: process.env.BENCH_BLOCK.split(',') } : {}),
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // A loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP): Lighthouse itself says to run it again.
    if (attempt < 3) return measure(url, port, locale, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []);
  const jsCss = requests.filter((r) => r.resourceType === 'Script' || r.resourceType === 'Stylesheet');
  const sum = (items: NetworkRequest[], key: 'transferSize' | 'resourceSize') => items.reduce((total, r) => total + (r[key] ?? 0), 0);
  if (process.env.BENCH_VERBOSE) {
    const failing = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1);
    for (const audit of failing) console.log(`  accessibility: ${audit?.id} ${audit?.title}`);
    const lcpElement = lhr.audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined;
    console.log(`  LCP element: ${lcpElement?.items?.[0]?.items?.[0]?.node?.snippet ?? '?'}`);
    for (const r of jsCss) console.log(`  ${String(r.transferSize ?? 0).padStart(8)}  ${r.url.replace(/^https?:\/\/[^/]+/, '')}`);
    // Where the main thread's time went: per script (evaluation, parsing) and the long tasks that make up TBT.
    type Item = Record<string, unknown>;
    const items = (id: string) => ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []);
    const short = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
    for (const item of items('mainthread-work-breakdown')) console.log(`  main thread: ${String(item.groupLabel).padEnd(28)} ${Math.round(Number(item.duration))} ms`);
    for (const item of items('bootup-time')) {
      console.log(`  script ${short(item.url).padEnd(40)} total ${Math.round(Number(item.total))} ms, evaluation ${Math.round(Number(item.scripting))} ms, parse ${Math.round(Number(item.scriptParseCompile))} ms`);
    }
    for (const item of items('long-tasks')) console.log(`  long task at ${Math.round(Number(item.startTime))} ms: ${Math.round(Number(item.duration))} ms ${short(item.url)}`);
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    jsCssTransfer: sum(jsCss, 'transferSize'),
    jsCssResource: sum(jsCss, 'resourceSize'),
    totalTransfer: sum(requests, 'transferSize'),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    load: os.loadavg()[0] ?? 0,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build', { cwd: REPO_ROOT, stdio: 'inherit' });
  const server = await startFarhaServer();
  console.log(formatFirstLoad('/', await firstLoad(`${server.url}/`)).join('\n'));
  const chromium = await startChromium();
  try {
    const list = (await (await fetch(`${server.url}/api/boxes`)).json()) as { boxes: { id: string }[] };
    const boxId = list.boxes[0]?.id;
    if (!boxId) throw new Error('The demo catalogue has no box');
    const allPages = { '/': '/', '/catalog': '/catalog', box: `/box/${boxId}` };
    const wanted = (process.env.BENCH_PAGES ?? '/,/catalog,box').split(',');
    const pages = Object.entries(allPages).filter(([name]) => wanted.includes(name));
    const loadAtStart = os.loadavg();
    const rows: string[] = [];
    for (const [name, pagePath] of pages) {
      for (const locale of LOCALES) {
        const all: PageFigures[] = [];
        for (let i = 0; i < runs; i += 1) {
          const figures = await measure(`${server.url}${pagePath}`, chromium.port, locale);
          all.push(figures);
          console.log(
            `  ${name} ${locale} run ${i + 1}: perf ${figures.performance}, TBT ${figures.tbtMs} ms, FCP ${(figures.fcpMs / 1000).toFixed(2)} s, ` +
              `LCP ${(figures.lcpMs / 1000).toFixed(2)} s, benchmarkIndex ${figures.benchmarkIndex}, load ${figures.load.toFixed(2)}`,
          );
        }
        const pick = (key: keyof PageFigures) => median(all.map((figures) => figures[key]));
        const best = all.reduce((a, b) => (b.performance > a.performance ? b : a));
        rows.push(
          [
            `${name} ${locale}`.padEnd(13),
            `perf ${String(pick('performance')).padStart(3)}`,
            `a11y ${String(pick('accessibility')).padStart(3)}`,
            `FCP ${(pick('fcpMs') / 1000).toFixed(1)} s`,
            `LCP ${(pick('lcpMs') / 1000).toFixed(1)} s`,
            `TBT ${String(pick('tbtMs')).padStart(4)} ms`,
            `CLS ${pick('cls')}`,
            `benchmarkIndex ${pick('benchmarkIndex')}`,
            `load ${pick('load').toFixed(1)}`,
            `JS+CSS ${kb(pick('jsCssTransfer'))} sent (${kb(pick('jsCssResource'))} unpacked)`,
            `all ${kb(pick('totalTransfer'))} sent`,
            ...(runs > 1
              ? [`(best perf ${best.performance}, LCP ${(best.lcpMs / 1000).toFixed(1)} s; perf of each run ${all.map((f) => f.performance).join(' ')}; TBT ${all.map((f) => f.tbtMs).join(' ')})`]
              : []),
          ].join('  '),
        );
        const missed = TARGETS.filter((target) => !target.met(pick(target.key))).map((target) => target.label);
        rows.push(`${''.padEnd(13)}targets (issues 23 and 34): ${missed.length === 0 ? 'all met' : `MISSED ${missed.join(', ')}`}`);
      }
    }
    const loads = (values: number[]) => values.map((l) => l.toFixed(1)).join(' ');
    console.log(
      `\nLighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile preset, ${CHROMIUM_PATH}, ${os.cpus().length} CPUs, ` +
        `load average ${loads(loadAtStart)} at the start, ${loads(os.loadavg())} at the end`,
    );
    for (const row of rows) console.log(row);
  } finally {
    await chromium.stop();
    await server.stop();
  }
}

await main();
