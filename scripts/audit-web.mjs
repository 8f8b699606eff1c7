// `npm run audit:web`: Lighthouse (mobile) scores and the first-load JavaScript of the main pages,
// against the built server with the demo content on a fresh embedded database. It is a
// measurement: it exits 0 whatever the figures, and non-zero only when the audit itself breaks.
//
// To audit another page, add its path to `pages`. Set AUDIT_WEB_REPORTS=<folder> to keep each
// page's full Lighthouse report (JSON) there. `npm run audit:web -- --js-only` measures the
// first-load JavaScript alone (seconds instead of minutes, and steady on a busy machine).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { buildIfStale } from './build-if-stale.mjs';
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

const categories = [
  { id: 'performance', title: 'Performance', target: 95 },
  { id: 'accessibility', title: 'Accessibility', target: 100 },
  { id: 'best-practices', title: 'Best Practices', target: 100 },
  { id: 'seo', title: 'SEO', target: 100 },
];
const maxFirstLoadJsKb = 150;
const jsOnly = process.argv.includes('--js-only');

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
    DEMO_ADMIN_PASSWORD: 'audit-web-password',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  return startServer(env);
}

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

function saveReport(url, report) {
  const folder = process.env.AUDIT_WEB_REPORTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  writeFileSync(join(folder, `lighthouse-${name}.json`), Array.isArray(report) ? report[0] : report);
}

/** One Lighthouse run (mobile, the default form factor) in its own Chromium with a fresh profile. */
async function runLighthouse(url) {
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
    const result = await withTimeout(
      lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: categories.map((category) => category.id),
      }),
      timeouts.lighthouseMs,
      `Lighthouse on ${url}`,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    saveReport(url, result.report);
    return {
      warnings: lhr.runWarnings ?? [],
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

/** Loads the page in a fresh context until the network is idle; sums every JavaScript response. */
async function measureFirstLoadJs(browser, url) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || type.includes('javascript')) {
        scripts.push(
          (async () => {
            const body = await response.body().catch(() => Buffer.alloc(0));
            const sizes = await response.request().sizes();
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
  console.log(jsOnly ? '\nFirst-load JavaScript' : '\nLighthouse 12 (mobile) and first-load JavaScript');
  printTable(
    [
      'page',
      ...scored.map((category) => category.title),
      'JS files',
      'JS raw KB',
      'JS gzip KB',
      'JS transfer KB',
    ],
    results.map(({ path, lighthouse: lh, js }) => [
      path,
      ...scored.map(({ id }) => String(lh.scores[id])),
      String(js.files.length),
      kb(js.raw),
      kb(js.gzip),
      kb(js.transfer),
    ]),
  );
}

function printTargets(results) {
  console.log('\nTargets');
  const verdict = (ok) => (ok ? 'PASS' : 'FAIL');
  for (const { path, lighthouse: lh, js } of results) {
    for (const { id, title, target } of jsOnly ? [] : categories) {
      const score = lh.scores[id];
      console.log(
        `  ${verdict(score >= target)}  ${path.padEnd(12)} ${title.padEnd(15)} ${score} (target ≥ ${target})`,
      );
    }
    const jsKb = js.gzip / 1024;
    console.log(
      `  ${verdict(jsKb <= maxFirstLoadJsKb)}  ${path.padEnd(12)} ${'first-load JS'.padEnd(15)} ${jsKb.toFixed(1)} KB gzipped (target ≤ ${maxFirstLoadJsKb} KB)`,
    );
  }
}

function printFailingAudits(results) {
  if (jsOnly) return;
  console.log('\nAudits that cost points (score < 1; weight is the audit weight in its category)');
  for (const { path, lighthouse: lh } of results) {
    for (const { id, title } of categories) {
      if (lh.scores[id] >= 100) continue;
      console.log(`\n  ${path}: ${title} ${lh.scores[id]}`);
      for (const audit of lh.failing[id]) {
        const value = audit.displayValue ? ` — ${audit.displayValue}` : '';
        console.log(
          `    ${audit.id} (score ${audit.score.toFixed(2)}, weight ${audit.weight}): ${audit.title}${value}`,
        );
      }
    }
    for (const warning of lh.warnings) console.log(`  ${path}: Lighthouse warning: ${warning}`);
  }
}

function printJsFiles(results) {
  console.log('\nFirst-load JavaScript files (gzip KB, transfer KB as served)');
  for (const { path, js } of results) {
    console.log(`  ${path}`);
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
    const newestOf = async (endpoint) => {
      const response = await fetch(`${server.baseUrl}${endpoint}`);
      if (!response.ok) throw new Error(`${endpoint} answered ${response.status}`);
      return (await response.json()).data;
    };
    const newestEvent = (await newestOf('/api/events/retrieve-events?limit=1')).events[0];
    // A guest's list holds published articles only (docs/product-rules.md "News").
    const newestArticle = (await newestOf('/api/news/get-news?limit=1&status=published')).news[0];
    if (!newestEvent || !newestArticle) throw new Error('the demo content has no published event or article');
    const contentPages = [`/events/${newestEvent.id}`, `/news/${newestArticle.id}`];
    for (const path of [...pages, ...contentPages]) {
      const url = `${server.baseUrl}${path}`;
      console.log(`Auditing ${url}…`);
      const js = await measureFirstLoadJs(browser, url);
      const lighthouseResult = jsOnly ? undefined : await runLighthouse(url);
      results.push({ path, js, lighthouse: lighthouseResult });
    }
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
