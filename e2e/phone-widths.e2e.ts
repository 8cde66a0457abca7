// Every page of the web app's map (packages/contracts/src/web-paths.ts) fits a phone (issue 34): for each role of
// the demo (and a visitor), each of its pages is opened in French and in Arabic on a 390 px phone, then looked at
// again at 360 px, and fails when the page scrolls sideways or something sticks out of the screen. A table may
// scroll inside its own box; the page itself must not.
// PHONE_SCREENS_DIR=<folder> also saves a screenshot of each page at 390 px (for a person to look at).
import fs from 'node:fs';
import path from 'node:path';
import { addDays, algiersToday } from '@farha/contracts/time';
import { WEB_PATHS } from '@farha/contracts/web-paths';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { loginAs, newCustomerDetails, registerCustomerViaApi, type DemoAccountKey } from './support/auth.ts';
import { launchChromium } from './support/chromium.ts';
import { buyVoucherViaApi, DEMO_PARTNER_BOX } from './support/orders.ts';

const WIDTHS = [390, 360] as const;
const LOCALES = ['fr', 'ar'] as const;
const SCREENS_DIR = process.env.PHONE_SCREENS_DIR;
/** A page still loading after this long is reported: measuring a spinner would prove nothing. */
const LOAD_TIMEOUT_MS = 20_000;

type Who = DemoAccountKey | 'visitor';

const P = WEB_PATHS;
/** The storefront's pages, as anybody sees them (`:id`, `:code` are filled in from the pages themselves). */
const PUBLIC_PAGES = [
  P.home,
  P.catalog,
  P.box,
  P.howItWorks,
  P.partners,
  P.businessOffer,
  P.help,
  P.basket,
  `${P.checkout}?box=:box`,
  P.checkoutReturn,
  P.success,
  P.publicVoucher,
  P.giftCardBalance,
  P.giftCard,
  // Issue 37: the organiser's form (a visitor is sent to log in), a pot's page by its link, a contribution's return.
  `${P.groupGiftNew}?box=:box`,
  P.groupGift,
  P.groupGiftThanks,
  P.unauthorized,
  P.auth,
  P.authReset,
  P.invitation,
  '/no-such-page',
];
const partnerPages = Object.values(P.partner).filter((p) => p !== P.partner.root);
const companyPages = Object.values(P.company).filter((p) => p !== P.company.root);
const supportPages = Object.values(P.supportPortal).filter((p) => p !== P.supportPortal.root);
const adminPages = (pages: (keyof typeof P.admin)[]) => pages.map((page) => P.admin[page]);

/** The pages each role opens: its own area, and the storefront's pages where its header differs. */
const PAGES_OF: Record<Who, string[]> = {
  visitor: PUBLIC_PAGES,
  client: [...Object.values(P.client).filter((p) => p !== P.client.root), ...PUBLIC_PAGES.filter((p) => !p.startsWith('/auth'))],
  partenaire: [...partnerPages, P.home, P.catalog, P.box],
  staff: partnerPages,
  admin: [...adminPages(Object.keys(P.admin).filter((k) => k !== 'root') as (keyof typeof P.admin)[]), P.demoMailbox, P.home, P.catalog],
  finance: [...adminPages(['dashboard', 'partners', 'analytics', 'payouts', 'refunds', 'rates', 'payments', 'companies', 'remittances', 'profile']), P.demoMailbox],
  catalogue: [...adminPages(['dashboard', 'catalog', 'promotions', 'profile']), P.demoMailbox],
  support: [...supportPages, P.demoMailbox, P.help, P.home],
  entreprise: [...companyPages, P.home, P.catalog, P.businessOffer],
  acheteur: companyPages,
  // Issue 38: the logistics role's one page.
  logistique: [P.admin.shipments, P.demoCourier],
  partenaire2: [],
};

const baseURL = inject('baseURL');
let browser: Browser;
/** Values for the patterns' parameters, found once. */
const params: Record<string, string> = {};

beforeAll(async () => {
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function phoneContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: WIDTHS[0], height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'fr-FR',
    timezoneId: 'Africa/Algiers',
    colorScheme: 'light',
  });
  context.setDefaultTimeout(15_000);
  // A demo account keeps its own language: the Arabic pass is this device's choice only (other journeys share
  // these accounts, and the e-mails they read are in the account's language).
  await context.route('**/api/auth/me', (route) =>
    route.request().method() === 'PATCH' ? route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }) : route.fallback(),
  );
  return context;
}

/** The first link of `from` whose path matches `pattern` (e.g. a box of the catalogue). */
async function firstLink(page: Page, from: string, pattern: RegExp): Promise<string | null> {
  await open(page, from);
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return hrefs.find((href) => pattern.test(href)) ?? null;
}

/** The path to open for a pattern of the map (its parameters filled in), or null when there is nothing to show. */
async function resolve(page: Page, who: Who, pattern: string): Promise<string | null> {
  if (!params.box && pattern.includes(':')) {
    const box = await firstLink(page, P.catalog, /^\/box\/[^/]+$/);
    if (!box) throw new Error('No box on /catalog');
    params.box = box.split('/')[2]!;
  }
  if (pattern === P.box) return `/box/${params.box}`;
  if (pattern.includes(':box')) return pattern.replace(':box', params.box!);
  if (pattern === P.company.order) {
    // The demo company's first order (none on a fresh database unless another journey placed one).
    const key = `order-${who}`;
    if (!(key in params)) params[key] = (await firstLink(page, P.company.orders, /^\/entreprise\/commandes\/(?!nouvelle$)[^/]+$/)) ?? '';
    return params[key] || null;
  }
  if (pattern === P.groupGift) {
    // A pot started by a fresh customer (a demo account starts none): its page is anybody's with the link.
    if (!params.pot) {
      const organiser = await phoneContext();
      try {
        const organiserPage = await organiser.newPage();
        await registerCustomerViaApi(organiserPage, newCustomerDetails());
        const day = addDays(algiersToday(new Date()), 14);
        const created = await organiserPage.request.post('/api/client/group-gifts', {
          headers: { origin: new URL(baseURL).origin },
          data: { boxId: params.box, recipientName: 'Yasmine Haddad', recipientEmail: 'yasmine.phone@example.dz', closesOn: day, deliverOn: day, shareMode: 'equal', shareCount: 4, message: 'Pour le mariage de Yasmine, participons tous à ce beau cadeau !' },
        });
        if (!created.ok()) throw new Error(`POST /api/client/group-gifts answered ${created.status()}: ${await created.text()}`);
        params.pot = ((await created.json()) as { groupGift: { token: string } }).groupGift.token;
      } finally {
        await organiser.close();
      }
    }
    return `/cagnotte/${params.pot}`;
  }
  if (pattern === P.client.groupGift) {
    // The role's own first pot, if it has one.
    const key = `pot-${who}`;
    if (!(key in params)) params[key] = (await firstLink(page, P.client.groupGifts, /^\/client\/cagnottes\/[^/]+$/)) ?? '';
    return params[key] || null;
  }
  if (pattern === P.publicVoucher) {
    if (!params.code) {
      const buyer = await phoneContext();
      try {
        const buyerPage = await buyer.newPage();
        const details = newCustomerDetails();
        await registerCustomerViaApi(buyerPage, details);
        const voucher = await buyVoucherViaApi(buyerPage, DEMO_PARTNER_BOX, { name: `${details.firstName} ${details.lastName}`, email: details.email });
        params.code = voucher.code;
      } finally {
        await buyer.close();
      }
    }
    return `/v/${encodeURIComponent(params.code)}`;
  }
  return pattern;
}

/** Opens a page and waits until it is drawn, hydrated and has its data; false if it is still loading after LOAD_TIMEOUT_MS. */
async function open(page: Page, target: string): Promise<boolean> {
  await page.goto(target, { waitUntil: 'load' });
  await page
    .waitForFunction(() => !document.documentElement.hasAttribute('data-rendered') || document.documentElement.hasAttribute('data-hydrated'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  // Drawn with its data: a heading, no loading spinner (the route's or the session's) and no placeholder left.
  const loaded = await page
    .waitForFunction(() => !!document.querySelector('h1') && !document.querySelector('[role="status"] > .animate-spin, main .animate-pulse, main [aria-busy="true"]'), undefined, {
      timeout: LOAD_TIMEOUT_MS,
    })
    .then(
      () => true,
      () => false,
    );
  await page.waitForTimeout(150);
  // Fonts and images change widths.
  await page.evaluate(() => Promise.race([document.fonts.ready.then(() => undefined), new Promise((r) => setTimeout(r, 2_000))]));
  return loaded;
}

/** What sticks out sideways: the page wider than the screen, and the elements past its edges. */
async function overflow(page: Page, width: number): Promise<string[]> {
  return page.evaluate((expected) => {
    const root = document.documentElement;
    const screen = root.clientWidth;
    const out: string[] = [];
    const label = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.id;
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/).slice(0, 4).join('.') : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}${cls ? `.${cls}` : ''}${text ? ` «${text}»` : ''}`;
    };
    if (root.scrollWidth > expected + 1 || screen > expected + 1) out.push(`page is ${Math.max(root.scrollWidth, screen)} px wide`);
    // The outermost element of each sticking-out branch (its children say the same thing again).
    const reported: Element[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (rect.right <= expected + 1 && rect.left >= -1) continue;
      if (reported.some((r) => r.contains(el))) continue;
      // Inside a box that scrolls or clips (a table's wrapper, a tab strip) or a layer of its own: not the page's business.
      let contained = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' || style.position === 'fixed') {
          contained = true;
          break;
        }
      }
      const style = getComputedStyle(el);
      // A native input drawn under a custom control (a check box's) is invisible.
      if (contained || style.position === 'fixed' || style.visibility === 'hidden' || style.opacity === '0') continue;
      reported.push(el);
      out.push(`${label(el)} [${Math.round(rect.left)}..${Math.round(rect.right)}]`);
    }
    return out.slice(0, 6);
  }, width);
}

const checked = { pages: 0, checks: 0 };

/** The longest a page's checks may take (the slowest took 35 s in a full run on two cores). */
const PAGE_BUDGET_MS = 120_000;

/**
 * `work` within `ms`, or an error naming the step it was at: a step that never ends (Playwright's evaluate and
 * setViewportSize have no timeout; a role once waited out its whole ten minutes in a full run) fails its role
 * at once with where it stopped.
 */
async function within<T>(ms: number, where: () => string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer after ${ms / 1000} s at ${where()}`)), ms);
  });
  try {
    return await Promise.race([work, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens one page of the map in the current language and measures it at each width. */
async function checkPage(page: Page, who: Who, locale: string, pattern: string, problems: string[], at: (step: string) => void): Promise<void> {
  at(`resolving ${pattern}`);
  const target = await resolve(page, who, pattern);
  if (!target) return;
  at(`opening ${target} at ${WIDTHS[0]} px`);
  await page.setViewportSize({ width: WIDTHS[0], height: 844 });
  const loaded = await open(page, target);
  const landed = new URL(page.url()).pathname;
  if (!loaded) problems.push(`${who} ${locale} ${target}: still loading after ${LOAD_TIMEOUT_MS / 1000} s`);
  checked.pages += 1;
  if (SCREENS_DIR) {
    const name = `${who}-${locale}-${target.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.png`;
    await page.screenshot({ path: path.join(SCREENS_DIR, name) });
  }
  for (const width of WIDTHS) {
    at(`measuring ${target} at ${width} px`);
    if (width !== WIDTHS[0]) {
      await page.setViewportSize({ width, height: 780 });
      await page.evaluate(() => new Promise((r) => (requestAnimationFrame(() => requestAnimationFrame(r)), setTimeout(r, 1_000))));
    }
    checked.checks += 1;
    // What sticks out right after the resize is measured again a moment later: a part hydrated when seen
    // (HydrateWhenSeen) may still hold the previous width's boxes for a frame; a page that is too wide stays so.
    let lines = await overflow(page, width);
    if (lines.length > 0) {
      await page.waitForTimeout(500);
      lines = await overflow(page, width);
    }
    for (const line of lines) problems.push(`${who} ${locale} ${width}px ${target}${landed !== target.split('?')[0] ? ` (→ ${landed})` : ''}: ${line}`);
  }
}

async function journey(who: Who): Promise<string[]> {
  const problems: string[] = [];
  const context = await phoneContext();
  let step = 'logging in';
  const at = (next: string) => (step = next);
  try {
    const page = await context.newPage();
    await within(PAGE_BUDGET_MS, () => `${who}: ${step}`, (who === 'visitor' ? page.goto(P.home) : loginAs(page, who)).then(() => undefined));
    for (const locale of LOCALES) {
      await page.evaluate((l) => {
        localStorage.setItem('farha.locale', l);
        document.cookie = `farha.locale=${l}; path=/`;
      }, locale);
      for (const pattern of PAGES_OF[who]) {
        await within(PAGE_BUDGET_MS, () => `${who} ${locale}: ${step}`, checkPage(page, who, locale, pattern, problems, at));
      }
    }
  } finally {
    await within(30_000, () => `${who}: closing its browser context`, context.close()).catch((error: Error) => console.error(error.message));
  }
  return problems;
}

if (SCREENS_DIR) fs.mkdirSync(SCREENS_DIR, { recursive: true });

describe.concurrent('every page fits a phone (360 and 390 px, French and Arabic)', () => {
  for (const who of Object.keys(PAGES_OF) as Who[]) {
    if (PAGES_OF[who].length === 0) continue;
    // Up to five roles at once in one Chromium: on a two-core machine a role of many pages takes minutes.
    // One retry, in a new browser context: a step that hung (see `within`) is reported, then the role runs again.
    test(who, { timeout: 600_000, retry: 1 }, async () => {
      const problems = await journey(who);
      if (problems.length > 0) console.error(`${who}:\n${problems.join('\n')}`);
      expect(problems.length, `pages of ${who} wider than a phone:\n${problems.join('\n')}`).toBe(0);
    });
  }
});

afterAll(() => {
  console.info(`phone widths: ${checked.pages} pages opened × ${WIDTHS.length} widths = ${checked.checks} checks`);
});
