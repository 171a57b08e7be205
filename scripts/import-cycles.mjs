#!/usr/bin/env node
/**
 * No import cycles (DESIGN.md convention 11: imports flow one way) — the check `import-x/no-cycle` made inside
 * ESLint, where it cost a third of the lint run (30 of 112 s, issue 28), done once over the whole graph: every
 * source file is parsed (syntax only), its value imports resolved, and each strongly connected group of two or
 * more files (or a file importing itself) is a cycle. As in the rule, `import type` and imports whose every name
 * is a type do not count, `export … from` and `import()` do, and packages from node_modules are not followed.
 *
 * Usage: `node scripts/import-cycles.mjs [root]` — prints each cycle and exits 1 when there is one.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The source trees checked, as the rule's `files` named them. */
const trees = (root) => [
  path.join(root, 'apps/server/src'),
  path.join(root, 'apps/web/src'),
  ...readdirSync(path.join(root, 'packages')).map((name) => path.join(root, 'packages', name, 'src')),
];

const sourceFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true })
        .map((file) => path.join(dir, String(file)))
        .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && statSync(file).isFile())
    : [];

/** `@credence/<name>[/sub]` → the file its package.json `exports` names. */
const workspaceResolver = (root) => {
  const packages = new Map();
  for (const dir of ['packages', 'apps']) {
    for (const name of readdirSync(path.join(root, dir))) {
      const manifest = path.join(root, dir, name, 'package.json');
      if (existsSync(manifest)) packages.set(JSON.parse(readFileSync(manifest, 'utf8')).name, path.dirname(manifest));
    }
  }
  return (specifier) => {
    const [scope, name, ...rest] = specifier.split('/');
    const dir = packages.get(`${scope}/${name}`);
    if (!dir) return undefined;
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const target = manifest.exports?.[rest.length === 0 ? '.' : `./${rest.join('/')}`] ?? manifest.main;
    return typeof target === 'string' ? path.join(dir, target) : undefined;
  };
};

const candidates = (base) => [
  base,
  `${base}.ts`,
  `${base}.tsx`,
  path.join(base, 'index.ts'),
  path.join(base, 'index.tsx'),
];

const resolver = (root) => {
  const workspace = workspaceResolver(root);
  return (from, specifier) => {
    const base = specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : workspace(specifier);
    return base && candidates(base).find((file) => existsSync(file) && statSync(file).isFile());
  };
};

const onlyTypes = (clause) => {
  if (!clause) return false; // `import './x'` runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
};

/** The specifiers a file imports for their values: imports, re-exports and `import()`. */
export const valueImports = (file, text = readFileSync(file, 'utf8')) => {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!onlyTypes(node.importClause)) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typesOnly =
        node.isTypeOnly ||
        (clause &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      if (!typesOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) found.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** Tarjan's strongly connected components of `graph` (file → files it imports); the groups that are cycles. */
export const cyclesOf = (graph) => {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const connect = (start) => {
    // Iterative, so that a long chain of imports cannot overflow the call stack.
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1);
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1] += 1;
        const to = edges[i];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work.at(-1)[0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1 || edges.includes(node)) cycles.push(group.reverse());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
};

/** The import graph of the checked trees under `root`: file → the files of the project it imports for values. */
export const importGraph = (root) => {
  const resolve = resolver(root);
  const graph = new Map();
  const pending = trees(root).flatMap(sourceFiles);
  while (pending.length > 0) {
    const file = pending.pop();
    if (graph.has(file)) continue;
    const targets = [
      ...new Set(
        valueImports(file)
          .map((specifier) => resolve(file, specifier))
          .filter(Boolean),
      ),
    ];
    graph.set(file, targets);
    pending.push(...targets.filter((target) => !graph.has(target)));
  }
  return graph;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const graph = importGraph(root);
  const cycles = cyclesOf(graph);
  for (const group of cycles) {
    process.stdout.write(
      `Dependency cycle through ${group.length} files:\n${group.map((f) => `  ${path.relative(root, f)}`).join('\n')}\n`,
    );
  }
  process.stdout.write(`import cycles: ${cycles.length} among ${graph.size} files\n`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
