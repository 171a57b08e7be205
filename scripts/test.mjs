#!/usr/bin/env node
/**
 * `npm test` (issue 28): the whole suite — type check, lint, unit, integration, web build and size budget, browser
 * tests — in stages; the steps of a stage run side by side where that measured faster on two cores. Each step's
 * output is printed whole when it ends. At the end: a timing table of the steps, the ten slowest tests and one
 * closing line `tests: N passed, N failed`. Exits non-zero when any step failed (the stages after a failed one do
 * not run).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The JSON reports of the steps; TEST_REPORTS_DIR keeps them there for a look afterwards (a temporary folder otherwise). */
const keptReports = process.env.TEST_REPORTS_DIR;
if (keptReports) mkdirSync(keptReports, { recursive: true });
const reports = keptReports ? path.resolve(keptReports) : mkdtempSync(path.join(os.tmpdir(), 'credence-test-reports-'));
const report = (name) => path.join(reports, `${name}.json`);
const vitest = (name, projects) => [
  'npx',
  [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report(name)}`,
  ],
];

/**
 * The stages, in order. A stage is lanes that run at the same time; the steps of a lane run one after another.
 * The type check and ESLint share their TypeScript programs in one process (scripts/static-checks.mjs, ~160 s on
 * one core); the unit and component tests, the import cycles and Prettier share the other core. (The type check
 * and `eslint .` as two steps, each building its own programs, took 143 and 227 s side by side.)
 */
const stages = [
  [
    [{ name: 'type check and lint', command: ['npm', ['run', 'check']] }],
    [
      { name: 'unit and components', command: vitest('unit', ['unit', 'components']) },
      { name: 'import cycles and format', command: ['npm', ['run', 'check:format']] },
    ],
  ],
  [[{ name: 'integration', command: vitest('integration', ['integration']) }]],
  [
    [
      {
        name: 'build, size and browser',
        command: ['npx', ['tsx', 'e2e/run-e2e.ts', '--build', '--reporter=list,json']],
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: report('browser') },
      },
    ],
  ],
];

const run = (step, live) =>
  new Promise((resolve) => {
    const started = Date.now();
    const [file, args] = step.command;
    const child = spawn(file, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', ...step.env },
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.once('exit', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (!live) process.stdout.write(`\n===== ${step.name} =====\n${Buffer.concat(output).toString()}`);
      process.stdout.write(`\n===== ${step.name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds.toFixed(0)} s\n`);
      resolve({ name: step.name, seconds, ok: code === 0 });
    });
  });

/** Every test of the vitest and Playwright JSON reports: layer, name, seconds, passed. */
const testsOf = (layer) => {
  const file = report(layer);
  if (!existsSync(file)) return [];
  const json = JSON.parse(readFileSync(file, 'utf8'));
  if (layer !== 'browser') {
    return json.testResults.flatMap((suite) => [
      ...suite.assertionResults.map((t) => ({
        layer,
        name: `${path.relative(root, suite.name)} › ${t.fullName}`,
        seconds: (t.duration ?? 0) / 1000,
        status: t.status,
      })),
      // A file that failed outside its tests (its set-up threw: its tests are reported skipped) is a failure too.
      ...(suite.status === 'failed' && suite.assertionResults.every((t) => t.status !== 'failed')
        ? [
            {
              layer,
              name: `${path.relative(root, suite.name)} › (the file: ${suite.message ?? 'failed'})`,
              seconds: 0,
              status: 'failed',
            },
          ]
        : []),
    ]);
  }
  const walk = (suite, trail) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((t) => {
        const results = t.results ?? [];
        const last = results.at(-1);
        return {
          layer,
          name: [...trail, spec.title].filter(Boolean).join(' › '),
          seconds: results.reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000,
          status: t.status === 'skipped' ? 'skipped' : last?.status === 'passed' ? 'passed' : 'failed',
          flaky: t.status === 'flaky',
        };
      }),
    ),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...trail, child.title])),
  ];
  return json.suites.flatMap((suite) => walk(suite, [suite.file ?? suite.title]));
};

const started = Date.now();
const tools = spawnSync('bash', [path.join(root, 'scripts/ensure-test-tools.sh')], { stdio: 'inherit' });
const timings = [{ name: 'test tools', seconds: (Date.now() - started) / 1000, ok: tools.status === 0 }];
let failed = tools.status !== 0;
for (const stage of stages) {
  if (failed) break;
  const live = stage.length === 1 && stage[0].length === 1;
  const lane = async (steps) => {
    const done = [];
    for (const step of steps) {
      done.push(await run(step, live));
      if (!done.at(-1).ok) break;
    }
    return done;
  };
  const results = (await Promise.all(stage.map(lane))).flat();
  timings.push(...results);
  failed = results.some((r) => !r.ok);
}

const tests = ['unit', 'integration', 'browser'].flatMap(testsOf);
const lines = ['', '===== timings (seconds; the lanes of one stage ran side by side)'];
for (const t of timings) lines.push(`${t.seconds.toFixed(0).padStart(6)}  ${t.name}${t.ok ? '' : '  (failed)'}`);
lines.push(`${((Date.now() - started) / 1000).toFixed(0).padStart(6)}  whole run`, '', '===== the ten slowest tests');
for (const t of [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  lines.push(`${t.seconds.toFixed(1).padStart(6)}  ${t.layer}: ${t.name}`);
}
const browser = tests.filter((t) => t.layer === 'browser' && t.status === 'passed').map((t) => t.seconds);
if (browser.length > 0) {
  const sorted = [...browser].sort((a, b) => a - b);
  lines.push('', `browser tests: median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} s over ${sorted.length}`);
}
const flaky = tests.filter((t) => t.flaky);
if (flaky.length > 0) lines.push('', 'flaky (passed on retry):', ...flaky.map((t) => `  ${t.name}`));
const count = (status) => tests.filter((t) => t.status === status).length;
// A failed test fails the run even when its runner exited 0 (vitest did once, after a test that timed out left work
// running past the teardown).
failed ||= count('failed') > 0;
const failedTests = count('failed') + (failed && count('failed') === 0 ? 1 : 0);
lines.push('', `tests: ${count('passed')} passed, ${failedTests} failed, ${count('skipped')} skipped`);
process.stdout.write(`${lines.join('\n')}\n`);
if (!keptReports) rmSync(reports, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
