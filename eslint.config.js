import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Module boundaries (docs/decisions/001-layout.md), written as the folders a module may not import from. */
const zones = [
  {
    target: './src/domain',
    from: ['./src/server', './src/web'],
    message: 'domain is pure: it imports only domain and zod.',
  },
  {
    target: './src/web',
    from: './src/server',
    message: 'web reaches the server only over HTTP, through web/api.',
  },
  { target: './src/server/routes', from: ['./src/server/providers', './src/web'] },
  {
    target: './src/server/services',
    from: ['./src/server/routes', './src/server/jobs', './src/web'],
    message: 'services answer routes and jobs; they never reach back into them.',
  },
  { target: './src/server/jobs', from: ['./src/server/routes', './src/server/http', './src/web'] },
  {
    target: './src/server/providers',
    from: [
      './src/server/db',
      './src/server/routes',
      './src/server/jobs',
      './src/server/predict',
      './src/server/http',
      './src/web',
    ],
    message: 'providers return domain-shaped data and never touch the database.',
  },
  {
    target: './src/server/db',
    from: [
      './src/server/routes',
      './src/server/jobs',
      './src/server/providers',
      './src/server/predict',
      './src/server/http',
      './src/web',
    ],
  },
  {
    target: './src/server/predict',
    from: [
      './src/server/routes',
      './src/server/jobs',
      './src/server/providers',
      './src/server/http',
      './src/web',
    ],
  },
];
const srcMustNotImportTests = {
  target: './src',
  from: './tests',
  message: 'nothing in src imports tests.',
};

export default tseslint.config(
  { ignores: ['dist/', '.cache/', 'node_modules/', 'drizzle/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver()],
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...zones, srcMustNotImportTests] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-default-export': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        {
          'src/**/*.{ts,tsx}': 'KEBAB_CASE',
          'tests/**/*.ts': 'KEBAB_CASE',
          'scripts/**/*.ts': 'KEBAB_CASE',
        },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'src/**/': 'KEBAB_CASE', 'tests/**/': 'KEBAB_CASE' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render text, not HTML: summaries are sanitised to plain text on the server.',
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto', 'http', 'https'],
              message: 'domain has no I/O.',
            },
            {
              group: ['react', 'react-*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg'],
              message: 'domain imports only zod.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass the time in.' },
        { object: 'Math', property: 'random', message: 'Pass randomness in.' },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'domain has no I/O.' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Colocated tests are tests: they may use the shared helpers in tests/.
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  {
    // Tools load their configuration, and Vitest its global setups, through a default export.
    files: [
      '*.config.ts',
      '*.config.js',
      'tests/helpers/global-db-setup.ts',
      'tests/helpers/shared-server.ts',
    ],
    rules: { 'import-x/no-default-export': 'off' },
  },
  prettier,
);
