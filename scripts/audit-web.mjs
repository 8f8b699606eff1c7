// `npm run audit:web`: Lighthouse (mobile) scores and the first-load JavaScript of the main pages,
// against the built server with the demo content on a fresh embedded database. It is a
// measurement: it exits 0 whatever the figures, and non-zero only when the audit itself breaks.
// Besides the public pages it audits two signed-in pages (the demo member's /profile, the demo
// admin's /admin/dues), signed in through the API with the session's cookies and the client's
// stored session set in the audited browser, and a guest sent to /profile.
//
// To audit another page, add its path to `pages` (or to `signedInPages`). Set AUDIT_WEB_REPORTS=<folder> to keep each
// page's full Lighthouse report (JSON) there. `npm run audit:web -- --js-only` measures the
// first-load JavaScript alone (seconds instead of minutes, and steady on a busy machine);
// `-- --signed-in` audits the signed-in pages and the guest's alone. The load average is printed
// with the figures: on a busy machine Lighthouse's total blocking time is inflated.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { buildIfStale } from './build-if-stale.mjs';
import { signIn } from './http-load.mjs';
import { freePort, startServer, stopServer } from './local-server.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const pages = ['/', '/about', '/membership', '/events', '/news'];
// An event's page and an article's are audited too (docs/architecture.md "Speed and simplicity"):
// the newest published one of each in the demo content, found at run time.

const DEMO_PASSWORD = 'audit-web-password';
// The demo accounts of apps/api/src/db/seed-content.ts: a member in good standing with a card, and
// the administrator (who sets up two-step sign-in at the first sign-in, as http-load.mjs does).
const signedInPages = [
  {
    path: '/profile',
    label: '/profile',
    account: { email: 'maria.santos@geomail.example', password: DEMO_PASSWORD },
  },
  {
    path: '/admin/dues',
    label: '/admin/dues',
    account: { email: 'admin@meap.org.ph', password: DEMO_PASSWORD },
  },
];
// A guest following a link to a signed-in page (an e-mail's /profile#dues): no layout shift while
// the session is looked at and the page they are sent to is drawn.
const guestOnSignedInPage = { path: '/profile', label: '/profile guest' };

const categories = [
  { id: 'performance', title: 'Performance', target: 95 },
  { id: 'accessibility', title: 'Accessibility', target: 100 },
  { id: 'best-practices', title: 'Best Practices', target: 100 },
  { id: 'seo', title: 'SEO', target: 100 },
];
// A signed-in page's performance target is lower than a public page's: mobile ≥ 90 with a total
// blocking time under 300 ms; and no page shifts its layout by 0.1 or more.
const signedInPerformanceTarget = 90;
const maxBlockingTimeMs = 300;
const maxLayoutShift = 0.1;
const maxFirstLoadJsKb = 150;
const jsOnly = process.argv.includes('--js-only');
// `-- --signed-in`: only the signed-in pages and the guest sent to one (a shorter run).
const signedInOnly = process.argv.includes('--signed-in');

const timeouts = { pageLoadMs: 60_000, lighthouseMs: 180_000 };

// ---------------------------------------------------------------------------------------------
// Build and server

/** Starts the built server with the demo content on a fresh embedded database in `dataDir`. */
async function startAuditServer(dataDir) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    SEED_DEMO_CONTENT: 'true',
    DEMO_ADMIN_PASSWORD: DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  return startServer(env);
}

const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(1))
    .join(', ');

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** Audits that cost a category points: scored below 1 and not merely informative. */
function failingAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && typeof audit.score === 'number' && audit.score < 1)
    .filter(({ audit }) => !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode))
    .map(({ ref, audit }) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score,
      weight: ref.weight,
      displayValue: audit.displayValue,
    }));
}

function saveReport(url, report, suffix) {
  const folder = process.env.AUDIT_WEB_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const path = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  const name = suffix ? `${path}-${suffix}` : path;
  writeFileSync(join(folder, `lighthouse-${name}.json`), Array.isArray(report) ? report[0] : report);
}

/**
 * Signs `account` in through the API and answers the browser state of that session, in
 * Playwright's storageState shape: the session's cookies, and the signed-in user the client keeps
 * in localStorage, written as the client writes it at sign-in (toSessionUser, as the journeys'
 * signInByApi does).
 */
async function signedInState(baseUrl, account) {
  const cookieHeader = await signIn(baseUrl, account);
  const response = await fetch(`${baseUrl}/api/auth/session`, { headers: { cookie: cookieHeader } });
  if (!response.ok) throw new Error(`${account.email}: /api/auth/session answered ${response.status}`);
  const { profile } = (await response.json()).data;
  const { toSessionUser } = await tsImport('../apps/web/src/lib/session-user.ts', import.meta.url);
  const { SESSION_STORE_KEY } = await tsImport('@portal/shared', import.meta.url);
  const cookies = cookieHeader.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name, value: value.join('='), url: baseUrl, httpOnly: true, sameSite: 'Strict' };
  });
  const stored = JSON.stringify({ state: { user: toSessionUser(profile) }, version: 0 });
  return {
    cookies,
    origins: [{ origin: baseUrl, localStorage: [{ name: SESSION_STORE_KEY, value: stored }] }],
  };
}

/**
 * Puts a session's cookies and localStorage into the Chromium on `port` before Lighthouse runs,
 * then empties its HTTP cache, so the audited load is a first visit of someone already signed in.
 */
async function prepareSession(port, state) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    await context.addCookies(state.cookies);
    const page = await context.newPage();
    for (const { origin, localStorage } of state.origins) {
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate((items) => {
        for (const { name, value } of items) window.localStorage.setItem(name, value);
      }, localStorage);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects; the browser Lighthouse drives stays open.
    await browser.close();
  }
}

const metricIds = {
  blockingMs: 'total-blocking-time',
  largestPaintMs: 'largest-contentful-paint',
  layoutShift: 'cumulative-layout-shift',
};

/**
 * One Lighthouse run (mobile, the default form factor) in its own Chromium with a fresh profile;
 * with `session`, signed in: Lighthouse then keeps the browser's storage (its own reset would
 * clear the stored session).
 */
async function runLighthouse(url, session) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'audit-web-lighthouse-'));
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: chromiumFlags,
      userDataDir,
      logLevel: 'silent',
      handleSIGINT: false,
    });
    if (session) await prepareSession(chrome.port, session);
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories.map((category) => category.id),
        disableStorageReset: Boolean(session),
      }),
      timeouts.lighthouseMs,
      `Lighthouse on ${url}`,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    saveReport(url, result.report, session ? 'signed-in' : '');
    return {
      warnings: lhr.runWarnings ?? [],
      finalUrl: lhr.finalDisplayedUrl,
      metrics: Object.fromEntries(
        Object.entries(metricIds).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? Number.NaN]),
      ),
      scores: Object.fromEntries(
        categories.map(({ id }) => {
          const score = lhr.categories[id]?.score;
          return [id, typeof score === 'number' ? Math.round(score * 100) : Number.NaN];
        }),
      ),
      failing: Object.fromEntries(categories.map(({ id }) => [id, failingAudits(lhr, id)])),
    };
  } finally {
    await chrome?.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// First-load JavaScript

/**
 * Loads the page in a fresh context (with `session`'s cookies and storage when given) until the
 * network is idle; sums every JavaScript response.
 */
async function measureFirstLoadJs(browser, url, session) {
  const context = await browser.newContext(session ? { storageState: session } : {});
  try {
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || type.includes('javascript')) {
        scripts.push(
          (async () => {
            const body = await response.body().catch(() => Buffer.alloc(0));
            // A late response may come after the context is closed: it is not counted then.
            const sizes = await response
              .request()
              .sizes()
              .catch(() => ({ responseBodySize: 0 }));
            return {
              url: response.url(),
              status: response.status(),
              raw: body.length,
              gzip: gzipSync(body).length,
              transfer: sizes.responseBodySize,
              encoding: response.headers()['content-encoding'] ?? 'identity',
            };
          })(),
        );
      }
    });
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: timeouts.pageLoadMs });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    const files = await Promise.all(scripts);
    const total = (key) => files.reduce((sum, file) => sum + file[key], 0);
    return { files, raw: total('raw'), gzip: total('gzip'), transfer: total('transfer') };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Reporting

const kb = (bytes) => (bytes / 1024).toFixed(1);

function printTable(headers, rows) {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

function printScores(results) {
  const scored = jsOnly ? [] : categories;
  const metrics = jsOnly ? [] : ['TBT ms', 'LCP s', 'CLS'];
  console.log(jsOnly ? '\nFirst-load JavaScript' : '\nLighthouse 12 (mobile) and first-load JavaScript');
  console.log(`Load average: ${loadAverage()}`);
  printTable(
    [
      'page',
      ...scored.map((category) => category.title),
      ...metrics,
      'JS files',
      'JS raw KB',
      'JS gzip KB',
      'JS transfer KB',
    ],
    results.map(({ label, lighthouse: lh, js }) => [
      label,
      ...scored.map(({ id }) => String(lh.scores[id])),
      ...(jsOnly
        ? []
        : [
            lh.metrics.blockingMs.toFixed(0),
            (lh.metrics.largestPaintMs / 1000).toFixed(1),
            lh.metrics.layoutShift.toFixed(3),
          ]),
      String(js.files.length),
      kb(js.raw),
      kb(js.gzip),
      kb(js.transfer),
    ]),
  );
  for (const { label, path, lighthouse: lh } of results) {
    const landed = lh ? new URL(lh.finalUrl).pathname : path;
    if (landed !== path) console.log(`  ${label} ended at ${landed}`);
  }
}

function printTargets(results) {
  console.log('\nTargets');
  const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
  const line = (ok, label, what, figure) =>
    console.log(`  ${verdict(ok)}  ${label.padEnd(15)} ${what.padEnd(15)} ${figure}`);
  for (const { label, lighthouse: lh, js, signedIn } of results) {
    for (const { id, title, target: publicTarget } of jsOnly ? [] : categories) {
      const target = signedIn && id === 'performance' ? signedInPerformanceTarget : publicTarget;
      const score = lh.scores[id];
      line(score >= target, label, title, `${score} (target ≥ ${target})`);
    }
    if (!jsOnly) {
      const { blockingMs, layoutShift } = lh.metrics;
      if (signedIn) {
        line(
          blockingMs < maxBlockingTimeMs,
          label,
          'blocking time',
          `${blockingMs.toFixed(0)} ms (< ${maxBlockingTimeMs})`,
        );
      }
      line(
        layoutShift < maxLayoutShift,
        label,
        'layout shift',
        `${layoutShift.toFixed(3)} (< ${maxLayoutShift})`,
      );
    }
    // The first-load budget is the public pages' (docs/architecture.md); a signed-in page's is printed.
    const jsKb = js.gzip / 1024;
    if (signedIn)
      console.log(`  ----  ${label.padEnd(15)} ${'first-load JS'.padEnd(15)} ${jsKb.toFixed(1)} KB gzipped`);
    else {
      line(
        jsKb <= maxFirstLoadJsKb,
        label,
        'first-load JS',
        `${jsKb.toFixed(1)} KB gzipped (target ≤ ${maxFirstLoadJsKb} KB)`,
      );
    }
  }
}

function printFailingAudits(results) {
  if (jsOnly) return;
  console.log('\nAudits that cost points (score < 1; weight is the audit weight in its category)');
  for (const { label, lighthouse: lh } of results) {
    for (const { id, title } of categories) {
      if (lh.scores[id] >= 100) continue;
      console.log(`\n  ${label}: ${title} ${lh.scores[id]}`);
      for (const audit of lh.failing[id]) {
        const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
        console.log(
          `    ${audit.id} (score ${audit.score.toFixed(2)}, weight ${audit.weight}): ${audit.title}${value}`,
        );
      }
    }
    for (const warning of lh.warnings) console.log(`  ${label}: Lighthouse warning: ${warning}`);
  }
}

function printJsFiles(results) {
  console.log('\nFirst-load JavaScript files (gzip KB, transfer KB as served)');
  for (const { label, js } of results) {
    console.log(`  ${label}`);
    for (const file of js.files.toSorted((a, b) => b.gzip - a.gzip)) {
      const name = new URL(file.url).pathname;
      console.log(
        `    ${kb(file.gzip).padStart(7)}  ${kb(file.transfer).padStart(7)} ${file.encoding.padEnd(8)} ${name}`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  buildIfStale('apps/web', 'apps/api');
  const dataDir = mkdtempSync(join(tmpdir(), 'audit-web-data-'));
  let server;
  let browser;
  try {
    server = await startAuditServer(dataDir);
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true });
    const results = [];
    const audit = async ({ path, label = path, session }) => {
      const url = `${server.baseUrl}${path}`;
      console.log(`Auditing ${label} (${url})…`);
      const js = await measureFirstLoadJs(browser, url, session);
      const lighthouseResult = jsOnly ? undefined : await runLighthouse(url, session);
      results.push({ path, label, js, lighthouse: lighthouseResult, signedIn: Boolean(session) });
    };
    if (!signedInOnly) {
      const newestOf = async (endpoint) => {
        const response = await fetch(`${server.baseUrl}${endpoint}`);
        if (!response.ok) throw new Error(`${endpoint} answered ${response.status}`);
        return (await response.json()).data;
      };
      const newestEvent = (await newestOf('/api/events/retrieve-events?limit=1')).events[0];
      // A guest's list holds published articles only (docs/product-rules.md "News").
      const newestArticle = (await newestOf('/api/news/get-news?limit=1&status=published')).news[0];
      if (!newestEvent || !newestArticle)
        throw new Error('the demo content has no published event or article');
      const contentPages = [`/events/${newestEvent.id}`, `/news/${newestArticle.id}`];
      for (const path of [...pages, ...contentPages]) await audit({ path });
    }
    for (const { path, label, account } of signedInPages) {
      await audit({ path, label, session: await signedInState(server.baseUrl, account) });
    }
    await audit(guestOnSignedInPage);
    printScores(results);
    printTargets(results);
    printFailingAudits(results);
    printJsFiles(results);
  } finally {
    await browser?.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`\nThe audit failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
});
