#!/usr/bin/env node
/**
 * The type check and ESLint in one process, sharing the TypeScript programs (`npm run check`; the first stage of
 * `npm test`, beside the unit tests, the import cycles and Prettier). `npm run typecheck` builds three programs (tsconfig.node.json: packages, server and benchmarks; the
 * web app; the browser tests); `npm run lint`'s type-aware rules had ESLint's project service build its own, one
 * per tsconfig.json it finds — six, the packages' files checked again inside the server's and the benchmarks' —
 * so the types of the whole tree were worked out about three times over. Here the three programs are built once:
 * their diagnostics are the type check (as `tsc -p` prints them), and ESLint reads its types from the same
 * programs (`parserOptions.programs`). A file of the lint in none of them (a config file at the root) gets a
 * program of its own, as the project service's default project gave it. Measured alone on two cores: 86 s for
 * the three programs' diagnostics, then 76 s for ESLint (`npm run typecheck` then `eslint .`: ~80 s + ~150 s).
 *
 * Exits 1 when either fails; prints each part's time.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const projects = ['tsconfig.node.json', 'apps/web/tsconfig.json', 'e2e/tsconfig.json'];
const timings = [];
const timed = async (name, work) => {
  const started = performance.now();
  const ok = await work();
  timings.push(`${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s  ${name}${ok ? '' : '  (failed)'}`);
  return ok;
};

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
};
const programOf = (config) => {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, config), {}, host);
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
};
const formatHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

let programs = [];
const typesOk = await timed('type check (3 programs)', () => {
  programs = projects.map(programOf);
  const diagnostics = programs.flatMap((program) => ts.getPreEmitDiagnostics(program));
  if (diagnostics.length > 0) process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  return diagnostics.length === 0;
});

let orphanCount = 0;
const lintOk = await timed('ESLint (types from those programs)', async () => {
  const inPrograms = new Set(programs.flatMap((program) => program.getRootFileNames().map((f) => path.resolve(f))));
  const eslint = (extraPrograms) =>
    new ESLint({
      cwd: root,
      overrideConfig: [
        {
          files: ['**/*.{ts,tsx}'],
          languageOptions: { parserOptions: { projectService: false, programs: [...programs, ...extraPrograms] } },
        },
      ],
    });
  // The TS files ESLint lints that no program holds: one more program for them (tsconfig.base.json's options).
  const candidates = ts.sys
    .readDirectory(root, ['.ts', '.tsx'], ['**/node_modules', '**/dist', '**/.data', '**/test-results'], ['**/*'])
    .map((f) => path.resolve(f))
    .filter((f) => !inPrograms.has(f) && !f.endsWith('.d.ts'));
  const probe = eslint([]);
  const orphans = [];
  for (const file of candidates) if (!(await probe.isPathIgnored(file))) orphans.push(file);
  const base = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.base.json'), {}, host);
  orphanCount = orphans.length;
  const extra = orphans.length > 0 ? [ts.createProgram({ rootNames: orphans, options: base.options })] : [];
  const results = await eslint(extra).lintFiles(['.']);
  const formatter = await eslint(extra).loadFormatter('stylish');
  const text = await formatter.format(results);
  if (text) process.stdout.write(`${text}\n`);
  return results.every((r) => r.errorCount === 0 && r.fatalErrorCount === 0);
});

process.stdout.write(
  `\n${timings.join('\n')}\n(${orphanCount} linted file(s) outside the three programs, in a program of their own)\n`,
);
process.exit(typesOk && lintOk ? 0 : 1);
