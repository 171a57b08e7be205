import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
