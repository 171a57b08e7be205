// `npm start` builds the web app only when its inputs changed since the last build: the sources of apps/web and
// the packages it bundles, its config, and the lock file. A fingerprint of every input file (path, size, mtime)
// is kept beside the build; when it matches, the build is skipped. `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'apps/web/dist');
// Kept outside dist/ (which is served).
const stampFile = path.join(root, 'apps/web/.build-fingerprint');
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/domain/src',
  'package-lock.json',
];

const walk = (relative, out) => {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isDirectory()) {
    for (const name of readdirSync(full).sort()) walk(path.join(relative, name), out);
  } else {
    out.push(`${relative}\t${stat.size}\t${stat.mtimeMs}`);
  }
};

const files = [];
for (const input of inputs) walk(input, files);
const fingerprint = createHash('sha256').update(files.join('\n')).digest('hex');
const built = existsSync(path.join(outDir, 'index.html')) && existsSync(stampFile);
if (built && readFileSync(stampFile, 'utf8') === fingerprint) {
  process.stdout.write(
    'Web app unchanged since the last build: not building it again (npm run build forces a build).\n',
  );
  process.exit(0);
}
const result = spawnSync('npm', ['run', 'build', '-w', '@credence/web'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampFile, fingerprint);
