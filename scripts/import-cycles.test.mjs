import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { cyclesOf, importGraph } from './import-cycles.mjs';

/** A small project: packages/p (a workspace package) and apps/web/src, written from `files`. */
const project = (files) => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('packages/p/package.json', JSON.stringify({ name: '@credence/p', exports: { '.': './src/index.ts' } }));
  write('apps/web/package.json', JSON.stringify({ name: '@credence/web' }));
  for (const [file, text] of Object.entries(files)) write(file, text);
  return root;
};
const cycleNames = (root) =>
  cyclesOf(importGraph(root)).map((group) => group.map((file) => path.relative(root, file)).sort());

describe('import cycles (scripts/import-cycles.mjs, the lint step that replaced import-x/no-cycle)', () => {
  test('a cycle through three files, one of them across a workspace package, is found', () => {
    const root = project({
      'apps/web/src/a.ts': "import { b } from './b.tsx';\nexport const a = b;",
      'apps/web/src/b.tsx': "export { p as b } from '@credence/p';",
      'packages/p/src/index.ts': "import '../../../apps/web/src/a.ts';\nexport const p = 1;",
      'apps/web/src/free.ts': "import { a } from './a.ts';\nexport const free = a;",
    });
    expect(cycleNames(root)).toEqual([['apps/web/src/a.ts', 'apps/web/src/b.tsx', 'packages/p/src/index.ts']]);
  });

  test('type-only imports and re-exports close no cycle; a dynamic import() does', () => {
    const typesOnly = project({
      'apps/web/src/a.ts': "import type { B } from './b.ts';\nexport type A = B;\nexport const a = 1;",
      'apps/web/src/b.ts':
        "import { type A } from './a.ts';\nexport type { A as C } from './a.ts';\nexport type B = A;",
      'apps/web/src/c.ts': "import React from 'react';\nexport const c = React;",
    });
    expect(cycleNames(typesOnly)).toEqual([]);
    const dynamic = project({
      'apps/web/src/a.ts': "export const load = () => import('./b.ts');",
      'apps/web/src/b.ts': "import { load } from './a.ts';\nexport const b = load;",
    });
    expect(cycleNames(dynamic)).toEqual([['apps/web/src/a.ts', 'apps/web/src/b.ts']]);
  });

  test('a file importing itself through its folder index is a cycle', () => {
    const root = project({ 'apps/web/src/x/index.ts': "import '../x';\nexport const x = 1;" });
    expect(cycleNames(root)).toEqual([['apps/web/src/x/index.ts']]);
  });
});
