/**
 * The main thread's work when a phone opens a drawn page, in CPU time rather than in elapsed time (issue 34).
 * Lighthouse's mobile preset simulates a phone by multiplying the elapsed time of each task it saw by 4: on a
 * machine shared with other work, a task's elapsed time grows with the machine's load, and so does its Total
 * Blocking Time (3 to 11 s at a load of 17 on 2 cores, for pages that block 0.5 s at a load of 2). A task's
 * CPU time (the trace's `tdur`) grows far less: this tool sums it, so that two builds can be compared on a
 * busy machine. It prints, per page and language, the main thread's CPU time from the response to 5 s after
 * the load, its tasks over 50 ms once multiplied by the phone's slowdown (×4), and their blocking time so
 * estimated (the sum of what passes 50 ms) — an estimate for comparing builds, not Lighthouse's figure.
 *
 * `npx tsx e2e/bench/main-thread.ts [path …]` (default `/`, `/catalog` and a box page; BENCH_LOCALES=fr,ar;
 * BENCH_RUNS=3, the median; E2E_WEB_DIST_DIR=another build) on apps/web/dist as built.
 */
import os from 'node:os';
import type { CDPSession } from 'playwright-core';
import { launchChromium } from '../support/chromium.ts';
import { startFarhaServer } from '../support/farha-server.ts';

/** Lighthouse's mobile preset: a mid-range phone's CPU is 4 times slower than the machine's. */
const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { frame?: string; url?: string; functionName?: string } };
}

interface Figures {
  cpuMs: number;
  longTasks: number;
  blockingMs: number;
  biggestMs: number;
}

async function trace(client: CDPSession, run: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  client.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await client.send('Tracing.start', {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata', 'loading'].join(','),
    options: 'sampling-frequency=10000',
  } as never);
  await run();
  const done = new Promise<void>((resolve) => client.once('Tracing.tracingComplete', () => resolve()));
  await client.send('Tracing.end');
  await done;
  return events;
}

/** The renderer's main thread: the thread named CrRendererMain that ran the most tasks. */
function mainThreadTasks(events: TraceEvent[]): TraceEvent[] {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const task of tasks) {
    const key = `${task.pid}:${task.tid}`;
    byThread.set(key, [...(byThread.get(key) ?? []), task]);
  }
  return [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

/** The biggest tasks and what they did (the events directly inside them, by name and script), BENCH_VERBOSE=1. */
function printBiggest(events: TraceEvent[], tasks: TraceEvent[]) {
  const cpuOf = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  const start = tasks[0]?.ts ?? 0;
  for (const task of [...tasks].sort((a, b) => cpuOf(b) - cpuOf(a)).slice(0, 6)) {
    const inside = events.filter(
      (e) => e.ph === 'X' && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && e !== task && e.name !== 'RunTask',
    );
    const parts = new Map<string, number>();
    for (const e of inside) {
      if (!['EvaluateScript', 'v8.compile', 'FunctionCall', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'RunMicrotasks', 'v8.evaluateModule', 'MajorGC', 'MinorGC', 'ParseAuthorStyleSheet'].includes(e.name)) continue;
      const where = e.args?.data?.url ? ` ${e.args.data.url.replace(/^https?:\/\/[^/]+/, '')}` : '';
      const key = `${e.name}${where}`;
      parts.set(key, (parts.get(key) ?? 0) + cpuOf(e));
    }
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ');
    console.log(`    task at ${Math.round((task.ts - start) / 1000)} ms: ${Math.round(cpuOf(task))} ms CPU — ${top}`);
  }
}

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** The functions the main thread spent most time in, by self time and by total time (BENCH_PROFILE=1). */
function printProfile(profile: Profile) {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${url.replace(/^https?:\/\/[^/]+/, '')}:${lineNumber + 1}`;
  };
  const selfBy = new Map<string, number>();
  const totalBy = new Map<string, number>();
  for (const [id, ms] of self) {
    if (byId.get(id)?.callFrame.functionName === '(idle)' || byId.get(id)?.callFrame.functionName === '(program)') continue;
    selfBy.set(label(id), (selfBy.get(label(id)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(at);
      if (seen.has(name)) continue;
      seen.add(name);
      totalBy.set(name, (totalBy.get(name) ?? 0) + ms);
    }
  }
  const top = (map: Map<string, number>, n: number) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  for (const [name, ms] of top(selfBy, 20)) console.log(`    self  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  for (const [name, ms] of top(totalBy, 40)) console.log(`    total ${ms.toFixed(1).padStart(7)} ms  ${name}`);
}

async function measure(url: string, locale: 'fr' | 'ar'): Promise<Figures> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'fr-FR', isMobile: true, hasTouch: true });
    await context.addCookies([{ name: 'farha.locale', value: locale, url }]);
    const page = await context.newPage();
    const client = await context.newCDPSession(page);
    const profiling = Boolean(process.env.BENCH_PROFILE);
    if (profiling) {
      await client.send('Profiler.enable');
      await client.send('Profiler.setSamplingInterval', { interval: 200 });
      await client.send('Profiler.start');
    }
    const events = await trace(client, async () => {
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 });
      await page.waitForTimeout(5000);
    });
    if (profiling) printProfile((await client.send('Profiler.stop')).profile as unknown as Profile);
    const tasks = mainThreadTasks(events);
    if (process.env.BENCH_VERBOSE) printBiggest(events, tasks);
    const cpu = tasks.map((task) => ((task.tdur ?? task.dur ?? 0) / 1000) * SLOWDOWN);
    const long = cpu.filter((ms) => ms > LONG_TASK_MS);
    return {
      cpuMs: Math.round(cpu.reduce((sum, ms) => sum + ms, 0) / SLOWDOWN),
      longTasks: long.length,
      blockingMs: Math.round(long.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0)),
      biggestMs: Math.round(Math.max(0, ...cpu)),
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const server = await startFarhaServer();
  try {
    const list = (await (await fetch(`${server.url}/api/boxes`)).json()) as { boxes: { id: string }[] };
    const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/catalog', `/box/${list.boxes[0]?.id ?? ''}`];
    const locales = (process.env.BENCH_LOCALES ?? 'fr,ar').split(',') as ('fr' | 'ar')[];
    const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
    console.log(`Main thread's CPU time (×${SLOWDOWN} for a phone), median of ${runs}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    for (const pagePath of paths) {
      for (const locale of locales) {
        const all: Figures[] = [];
        for (let i = 0; i < runs; i += 1) {
          // A first visit each time: the server's page is cached, the browser's files are not.
          await measure(`${server.url}${pagePath}`, locale).then((figures) => all.push(figures));
        }
        const pick = (key: keyof Figures) => median(all.map((figures) => figures[key]));
        console.log(
          `${`${pagePath.replace(/\/box\/.+/, '/box/:id')} ${locale}`.padEnd(14)} CPU ${String(pick('cpuMs')).padStart(5)} ms (phone ${pick('cpuMs') * SLOWDOWN} ms)  ` +
            `long tasks ${pick('longTasks')}, biggest ${pick('biggestMs')} ms, blocking (estimate) ${pick('blockingMs')} ms  ` +
            `[runs: ${all.map((f) => f.blockingMs).join(' ')}]`,
        );
      }
    }
    console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await server.stop();
  }
}

await main();
