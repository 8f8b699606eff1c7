// `npm run check:citations` (part of `npm test`): every file that a tracked text file cites is in
// the repository, so a reader can follow it (docs/code-style.md "Comments"). Fails, naming
// file:line, on
//   - a Markdown file (`something.md`, bare or with a path; a bare name may be any tracked file of
//     that name), and the heading it quotes right after it (`docs/architecture.md "Testing"`);
//   - the developers' notes kept outside the repository, also cited without their extension;
//   - a decision, `docs/decisions/NNN` or "decision NNN" / "decisions NNN and NNN", which must be a
//     tracked `docs/decisions/NNN-….md`;
//   - a path from the repository's root (`apps/…`, `packages/…`, `docs/…`, `scripts/…`,
//     `deploy/…`): a tracked file or folder (build output, globs and placeholders aside);
//   - in code (not in Markdown), an issue number ("issue 12", "issues 13 and 14", "issue #4"):
//     issues are not in the repository; comments cite the docs/ section that holds the rule.
// It also fails on an API module (a folder under apps/api/src/modules) that docs/architecture.md
// does not list in its modules table (a row starting with the module's name in backticks), so the
// map of the code a newcomer reads first names every domain, and on a decision record without its
// `Date:` and `Status:` lines under the title (docs/decisions/000-template.md), so a reader knows
// when it was taken and whether it still holds.
// Addresses with a scheme (https://…) are left alone.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The notes the developers keep beside the repository; the code once cited them, with or without `.md`. */
const NOTES_OUTSIDE = ['ARCHITECTURE', 'DECISIONS', 'STACK-NOTES', 'STYLE'];

/** This check and its test quote what they look for. */
const OWN_FILES = new Set(['scripts/check-citations.mjs', 'scripts/check-citations.test.mjs']);

const BINARY = /\.(pdf|png|jpe?g|gif|webp|ico|woff2?|ttf|otf|zip|gz)$/i;
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s)>\]'"`]*/gi;
const MARKDOWN_PATH = /(?<![\w./-])((?:\.{1,2}\/)?[\w./-]*[\w-]\.md)\b(?:\s+["“]([^"”]+)["”])?/g;
const OUTSIDE_NOTE = new RegExp(`\\b(${NOTES_OUTSIDE.join('|')})(?![\\w-])(?!\\.md)`, 'g');
const DECISION_PATH = /\bdocs\/decisions\/(\d{3})(?!\d)/g;
const DECISION_WORDS = /\b[Dd]ecisions?\s+(\d{3}(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)\d{3})*)(?!\d)/g;
const ROOT_PATH = /(?<![\w./@-])((?:apps|packages|docs|scripts|deploy)\/[\w./-]*)/g;
const ISSUE = /\bissues?\s+#?\d+(?:(?:\s*,\s*|\s+and\s+)#?\d+)*/gi;

/**
 * The broken citations of `files` ({ path, text }), given every tracked path and the text of the
 * tracked Markdown files (for their headings). Each is { file, line, message }.
 */
export function findBrokenCitations(files, { tracked, readTracked }) {
  const trackedSet = new Set(tracked);
  const byName = new Set(tracked.map((path) => posix.basename(path)));
  const folders = new Set();
  for (const path of tracked) {
    for (let folder = posix.dirname(path); folder !== '.'; folder = posix.dirname(folder))
      folders.add(folder);
  }
  const decisions = new Set(
    tracked.map((path) => /^docs\/decisions\/(\d{3})-.+\.md$/.exec(path)?.[1]).filter(Boolean),
  );
  const headingsOf = new Map();
  const headings = (path) => {
    if (!headingsOf.has(path)) {
      const text = readTracked(path);
      headingsOf.set(
        path,
        new Set([...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => match[1])),
      );
    }
    return headingsOf.get(path);
  };

  /** The tracked file a Markdown citation in `file` names, or null. */
  const resolveMarkdown = (file, cited) => {
    const fromFile = posix.normalize(posix.join(posix.dirname(file), cited));
    if (cited.startsWith('./') || cited.startsWith('../')) return trackedSet.has(fromFile) ? fromFile : null;
    if (trackedSet.has(cited)) return cited;
    if (trackedSet.has(fromFile)) return fromFile;
    if (!cited.includes('/') && byName.has(cited))
      return tracked.find((path) => posix.basename(path) === cited);
    return null;
  };

  const rootPathExists = (path) => {
    const trimmed = path.replace(/\/$/, '');
    if (/(^|\/)(dist|node_modules)(\/|$)/.test(trimmed)) return true;
    if (trackedSet.has(trimmed) || folders.has(trimmed)) return true;
    // A module named without its extension, as an import names it.
    return tracked.some(
      (tracked) => tracked.startsWith(`${trimmed}.`) && !tracked.slice(trimmed.length + 1).includes('/'),
    );
  };

  const problems = [];
  for (const { path: file, text } of files) {
    if (OWN_FILES.has(file)) continue;
    const isMarkdown = file.endsWith('.md');
    const lines = text.split('\n');
    lines.forEach((rawLine, index) => {
      const line = rawLine.replace(URL_PATTERN, (url) => ' '.repeat(url.length));
      const report = (message) => problems.push({ file, line: index + 1, message });

      for (const [, cited, heading] of line.matchAll(MARKDOWN_PATH)) {
        const target = resolveMarkdown(file, cited);
        if (!target) report(`cites ${cited}, which is not in the repository`);
        else if (heading && !headings(target).has(heading)) {
          report(`cites ${cited} "${heading}", a heading ${target} does not have`);
        }
      }
      for (const [, name] of line.matchAll(OUTSIDE_NOTE)) {
        report(`cites ${name}, notes that are not in the repository`);
      }
      for (const [, number] of line.matchAll(DECISION_PATH)) {
        if (!decisions.has(number)) report(`cites docs/decisions/${number}, which has no record`);
      }
      for (const [, numbers] of line.matchAll(DECISION_WORDS)) {
        for (const number of numbers.match(/\d{3}/g)) {
          if (!decisions.has(number)) report(`cites decision ${number}, which has no record`);
        }
      }
      for (const match of line.matchAll(ROOT_PATH)) {
        const path = match[1].replace(/\.+$/, '');
        const next = line[match.index + match[0].length] ?? '';
        // Globs and placeholders (`e2e/*.e2e.ts`, `<folder>/<filename>`, `{id}`, `…`) name no one file.
        if (/[*<{…]/.test(next) || path.endsWith('.md') || /^docs\/decisions\/\d{3}/.test(path)) continue;
        if (!rootPathExists(path)) report(`cites ${path}, which is not in the repository`);
      }
      if (!isMarkdown) {
        for (const [citation] of line.matchAll(ISSUE)) {
          report(`cites "${citation}": issues are not in the repository; cite the docs/ section instead`);
        }
      }
    });
  }
  return problems;
}

const MODULES_FOLDER = 'apps/api/src/modules/';
const ARCHITECTURE = 'docs/architecture.md';

/** The API modules (folders under apps/api/src/modules) that docs/architecture.md's table leaves out. */
export function findUnlistedModules({ tracked, readTracked }) {
  const modules = new Set(
    tracked
      .filter((path) => path.startsWith(MODULES_FOLDER))
      .map((path) => path.slice(MODULES_FOLDER.length).split('/'))
      .filter((parts) => parts.length > 1)
      .map((parts) => parts[0]),
  );
  if (modules.size === 0) return [];
  const listed = new Set(
    [...readTracked(ARCHITECTURE).matchAll(/^\|\s*`([\w-]+)`\s*\|/gm)].map((match) => match[1]),
  );
  return [...modules]
    .filter((name) => !listed.has(name))
    .sort()
    .map((name) => ({
      file: ARCHITECTURE,
      line: 0,
      message: `does not list the API module \`${name}\` (${MODULES_FOLDER}${name}) in its modules table`,
    }));
}

const DECISION_RECORD = /^docs\/decisions\/\d{3}-[^/]+\.md$/;
const DECISION_STATUS = /^(accepted|superseded)\b/;

/** Decision records whose first lines lack `Date: YYYY-MM-DD` and `Status: accepted | superseded …`. */
export function findUndatedDecisions(files) {
  const problems = [];
  for (const { path, text } of files) {
    if (!DECISION_RECORD.test(path) || path.endsWith('/000-template.md')) continue;
    const head = text.split('\n').slice(0, 6);
    if (!head.some((line) => /^Date: \d{4}-\d{2}-\d{2}$/.test(line))) {
      problems.push({ file: path, line: 0, message: 'has no `Date: YYYY-MM-DD` line under its title' });
    }
    if (!head.some((line) => line.startsWith('Status: ') && DECISION_STATUS.test(line.slice(8)))) {
      problems.push({
        file: path,
        line: 0,
        message: 'has no `Status: accepted` or `Status: superseded …` line under its title',
      });
    }
  }
  return problems;
}

/** Every tracked text file of the repository at `root`, with its text. */
export function trackedFiles(root) {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 })
    .split('\0')
    .filter(Boolean);
  const read = (path) => readFileSync(posix.join(root, path), 'utf8');
  const files = tracked
    .filter((path) => !BINARY.test(path))
    .map((path) => ({ path, text: read(path) }))
    .filter(({ text }) => !text.includes('\0'));
  return { tracked, files, readTracked: read };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { tracked, files, readTracked } = trackedFiles(root);
  const problems = [
    ...findBrokenCitations(files, { tracked, readTracked }),
    ...findUnlistedModules({ tracked, readTracked }),
    ...findUndatedDecisions(files),
  ];
  for (const { file, line, message } of problems) console.error(`${file}:${line}: ${message}`);
  if (problems.length > 0) {
    console.error(`\n${problems.length} citation(s) of what the repository does not have.`);
    process.exit(1);
  }
  console.log(`Citations: ${files.length} files, every cited file is in the repository.`);
}
