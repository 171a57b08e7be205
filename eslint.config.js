import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirsIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/**
 * Import zones (DESIGN.md convention 11: imports flow one way).
 *
 * Web: `lib/` and `components/` import no feature and not `app/`; a feature imports no `app/` file and no other
 * feature's files but its public face, `features/<other>/index.ts` (a folder of `features/` is one feature:
 * `features/admin/<area>` may use `features/admin/kit`). What two features share moves to `lib/` or `components/`.
 *
 * Server: `platform/` imports no module. A module reaches another module only through its public face: its
 * `<noun>.service.ts` and `<noun>.repository.ts` files, and `applications/application-context.ts` (the context
 * every part of an application takes). Routes, tests and helpers are a module's own; shared helpers move to
 * `platform/`. `modules/applications` is one module with parts (`applications/<part>/`), free to use each other.
 */
const web = 'apps/web/src';
const server = 'apps/server/src';
const webFeatures = dirsIn(`./${web}/features/`);
const serverModules = dirsIn(`./${server}/modules/`);
const publicFaces = (module) =>
  readdirSync(new URL(`./${server}/modules/${module}/`, import.meta.url), { recursive: true })
    .map(String)
    .filter((file) => /(^|\/)[\w-]+\.(service|repository)\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .concat(module === 'applications' ? ['application-context.ts'] : [])
    .map((file) => `./${module}/${file}`);
const webPublicFace = (feature) =>
  existsSync(new URL(`./${web}/features/${feature}/index.ts`, import.meta.url)) ? [`./${feature}/index.ts`] : [];
const importZones = [
  ...['lib', 'components'].map((layer) => ({
    target: `./${web}/${layer}`,
    from: [`./${web}/features`, `./${web}/app`],
    message: `${layer}/ is shared by every feature: it may not import a feature or app/ (move the shared code here).`,
  })),
  {
    target: `./${web}/features`,
    from: `./${web}/app`,
    message: 'A feature may not import app/ (the shell imports features, not the other way round).',
  },
  ...webFeatures.map((feature) => ({
    target: `./${web}/features/${feature}`,
    from: `./${web}/features`,
    // Another feature is reached only through its public face, `features/<other>/index.ts`, when it has one.
    except: [`./${feature}`, ...webFeatures.filter((other) => other !== feature).flatMap(webPublicFace)],
    message: `features/${feature} may import another feature only through its index.ts (or move what both use to lib/ or components/).`,
  })),
  {
    target: `./${server}/platform`,
    from: `./${server}/modules`,
    message: 'platform/ serves every module and may not import one.',
  },
  ...serverModules.map((module) => ({
    target: `./${server}/modules/${module}`,
    from: `./${server}/modules`,
    except: [`./${module}`, ...serverModules.filter((other) => other !== module).flatMap(publicFaces)],
    message: `modules/${module} may reach another module only through its *.service.ts or *.repository.ts.`,
  })),
];

const moneyNames = '/(amount|price|payment|balance|money|cash|rebate|fee|cents|salary|income|debt|payoff)/i';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // 4.6 resolves with enhanced-resolve (pure JS); later releases need unrs-resolver, whose binaries for other
      // platforms the registry here does not have, so `npm ci` could not install from the lock.
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    // Import cycles are checked once over the whole graph by scripts/import-cycles.mjs (part of `npm run lint`).
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
    },
  },
  {
    // Type-aware rules: every TS file is checked with its workspace's tsconfig.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // Money is decimal (DESIGN.md: never a JS number, never toFixed): these shapes are how float money creeps in.
    files: ['apps/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['parseFloat', 'parseInt'].flatMap((name) => [
          {
            selector: `CallExpression[callee.name='${name}']`,
            message: `Use Number.${name} for counts; money goes through money() of @credence/domain.`,
          },
        ]),
        {
          selector: "CallExpression[callee.property.name='parseFloat']",
          message: 'Money is decimal: parse it with money() of @credence/domain, never parseFloat.',
        },
        {
          selector: "CallExpression[callee.property.name='toFixed'][callee.object.type='BinaryExpression']",
          message:
            'toFixed on float arithmetic: format with Intl.NumberFormat, or use decimal money from @credence/domain.',
        },
        {
          selector:
            "CallExpression[callee.object.name='Math'][callee.property.name='round'] > BinaryExpression[operator='*'][right.value=100]",
          message: 'Math.round(x * 100) is float cents: use toCents() of @credence/domain.',
        },
        {
          selector: `CallExpression[callee.name='Number'][arguments.0.name=${moneyNames}], CallExpression[callee.name='Number'][arguments.0.property.name=${moneyNames}]`,
          message: 'A money value must not become a JS number: keep it decimal with money() of @credence/domain.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
