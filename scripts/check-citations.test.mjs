import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  findBrokenCitations,
  findUndatedDecisions,
  findUnlistedModules,
  trackedFiles,
} from './check-citations.mjs';

// A small repository of its own: the sample texts below cite into it, never into the real one.
const documents = {
  'docs/architecture.md': '# Architecture\n\n## Testing\n\nText.\n',
  'docs/decisions/005-test-database-per-file.md': '# 005: A database per file\n',
  'README.md': '# Portal\n\n## Running several processes\n',
};
const tracked = [
  ...Object.keys(documents),
  'apps/api/src/lib/storage.ts',
  'packages/shared/src/index.ts',
  'scripts/bench.mjs',
];
const readTracked = (path) => documents[path] ?? '';

const check = (path, text) => findBrokenCitations([{ path, text }], { tracked, readTracked });

describe('findBrokenCitations', () => {
  it('passes citations of what the repository has', () => {
    const text = [
      '// The rule: docs/architecture.md "Testing"; README.md "Running several processes".',
      '// decision 005, Decision 005, decisions 005 and 005, docs/decisions/005.',
      '// docs/decisions/005-test-database-per-file.md, apps/api/src/lib/storage.ts, scripts/bench.mjs.',
      '// The folder apps/api/src, the module packages/shared/src/index, a glob apps/web/e2e/*.e2e.ts,',
      '// the build apps/web/dist/index.html, a placeholder apps/api/content/<folder>/<file>.',
      '// An address is not a citation: https://github.com/owner/repo/blob/main/CHANGES.md.',
    ].join('\n');
    expect(check('apps/api/src/app.ts', text)).toEqual([]);
  });

  it('resolves a Markdown link from the citing file', () => {
    expect(
      check('docs/decisions/005-test-database-per-file.md', 'See [it](../architecture.md#testing).'),
    ).toEqual([]);
    expect(check('docs/architecture.md', 'See [it](./product-rules.md).')).toEqual([
      {
        file: 'docs/architecture.md',
        line: 1,
        message: 'cites ./product-rules.md, which is not in the repository',
      },
    ]);
  });

  it('names file and line of a Markdown file the repository does not have', () => {
    const problems = check('apps/api/src/app.ts', '// one\n// see docs/missing.md for why\n');
    expect(problems).toEqual([
      {
        file: 'apps/api/src/app.ts',
        line: 2,
        message: 'cites docs/missing.md, which is not in the repository',
      },
    ]);
  });

  it('fails on a heading the cited document does not have', () => {
    expect(check('apps/api/src/app.ts', '// docs/architecture.md "Layout"')).toEqual([
      {
        file: 'apps/api/src/app.ts',
        line: 1,
        message: 'cites docs/architecture.md "Layout", a heading docs/architecture.md does not have',
      },
    ]);
  });

  it("fails on the developers' own notes, with or without their extension", () => {
    // Spelled in two parts, so that this test does not itself read as a citation of the notes.
    const decisionsNotes = ['DECISIONS', 'md'].join('.');
    const problems = check(
      'apps/web/src/x.ts',
      `// ${decisionsNotes} "News"\n// (STACK-NOTES)\n// STYLE: x\n`,
    );
    expect(problems.map(({ line, message }) => `${line} ${message}`)).toEqual([
      `1 cites ${decisionsNotes}, which is not in the repository`,
      '2 cites STACK-NOTES, notes that are not in the repository',
      '3 cites STYLE, notes that are not in the repository',
    ]);
  });

  it('fails on a decision that has no record', () => {
    const problems = check('apps/web/src/x.ts', '// decisions 005 and 012\n// docs/decisions/034\n');
    expect(problems.map(({ line, message }) => `${line} ${message}`)).toEqual([
      '1 cites decision 012, which has no record',
      '2 cites docs/decisions/034, which has no record',
    ]);
  });

  it('fails on a path from the root that is not tracked', () => {
    expect(check('README.md', 'Run `apps/api/src/lib/mailer.ts`.')).toEqual([
      {
        file: 'README.md',
        line: 1,
        message: 'cites apps/api/src/lib/mailer.ts, which is not in the repository',
      },
    ]);
  });

  it('fails on issue numbers in code, not in Markdown', () => {
    const code = check(
      'apps/api/src/x.test.ts',
      "// issue 15: it was a 500\ndescribe('admin users (Issues 12 and 13)'",
    );
    expect(code.map(({ line, message }) => `${line} ${message}`)).toEqual([
      '1 cites "issue 15": issues are not in the repository; cite the docs/ section instead',
      '2 cites "Issues 12 and 13": issues are not in the repository; cite the docs/ section instead',
    ]);
    expect(check('docs/decisions/005-test-database-per-file.md', 'Issue 15 asked for it.')).toEqual([]);
    expect(check('apps/api/src/x.ts', '// Two issues: 1, 2. See https://github.com/o/r/issues/3.')).toEqual(
      [],
    );
  });

  it("finds a missing citation among the repository's own files", () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const repository = trackedFiles(root);
    const added = { path: 'apps/api/src/added.ts', text: '// The rule is in docs/rules-that-moved.md.\n' };
    const problems = findBrokenCitations([...repository.files, added], repository);
    expect(problems.filter((problem) => problem.file === added.path)).toEqual([
      {
        file: added.path,
        line: 1,
        message: 'cites docs/rules-that-moved.md, which is not in the repository',
      },
    ]);
  });
});

describe('findUnlistedModules', () => {
  const architecture = [
    '| module | what it owns |',
    '|---|---|',
    '| `auth` | sign-in |',
    '| `users` | people |',
  ].join('\n');
  const repository = (paths) => ({
    tracked: ['docs/architecture.md', ...paths],
    readTracked: () => architecture,
  });

  it('accepts modules the architecture lists', () => {
    expect(
      findUnlistedModules(
        repository(['apps/api/src/modules/auth/routes.ts', 'apps/api/src/modules/users/service.ts']),
      ),
    ).toEqual([]);
  });

  it('names a module folder the architecture leaves out', () => {
    expect(findUnlistedModules(repository(['apps/api/src/modules/jobs/runner.ts']))).toEqual([
      {
        file: 'docs/architecture.md',
        line: 0,
        message: 'does not list the API module `jobs` (apps/api/src/modules/jobs) in its modules table',
      },
    ]);
  });

  it("finds every module of the repository's own tree listed", () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    expect(findUnlistedModules(trackedFiles(root))).toEqual([]);
  });
});

describe('findUndatedDecisions', () => {
  const record = (head) => ({
    path: 'docs/decisions/057-a-rule.md',
    text: `# 057: A rule\n\n${head}\n## Context\n`,
  });

  it('accepts a record with its date and status', () => {
    expect(findUndatedDecisions([record('Date: 2026-12-02\nStatus: accepted\n')])).toEqual([]);
    expect(findUndatedDecisions([record('Date: 2026-12-02\nStatus: superseded by 058\n')])).toEqual([]);
  });

  it('names a record without a date or with an unknown status', () => {
    expect(findUndatedDecisions([record('Status: maybe\n')]).map(({ message }) => message)).toEqual([
      'has no `Date: YYYY-MM-DD` line under its title',
      'has no `Status: accepted` or `Status: superseded …` line under its title',
    ]);
  });

  it('leaves the template and other files alone', () => {
    expect(
      findUndatedDecisions([
        { path: 'docs/decisions/000-template.md', text: '# NNN: Title\n' },
        { path: 'docs/architecture.md', text: '# Architecture\n' },
      ]),
    ).toEqual([]);
  });

  it("finds every record of the repository's own tree dated", () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    expect(findUndatedDecisions(trackedFiles(root).files)).toEqual([]);
  });
});
