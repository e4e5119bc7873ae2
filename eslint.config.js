import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'templates/**', '**/fixtures/**', 'bench/.cache/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', AbortController: 'readonly', fetch: 'readonly', performance: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', structuredClone: 'readonly', setImmediate: 'readonly', AbortSignal: 'readonly', Response: 'readonly', Headers: 'readonly', Request: 'readonly'},
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'}],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-constant-condition': ['error', {checkLoops: false}],
      'max-lines': ['warn', {max: 450, skipBlankLines: true, skipComments: true}],
      'no-restricted-imports': ['error', {paths: [{name: 'zod', message: "Import from 'zod/v3': zod 4's main entry costs ~50 ms of start-up on every command (docs/architecture.md)."}]}],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {sourceType: 'commonjs', globals: {require: 'readonly', module: 'writable', process: 'readonly'}},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    // CommonJS through bin/package.json, written to run as an ES module too (bin/run.js)
    files: ['bin/*.js'],
    languageOptions: {sourceType: 'commonjs', globals: {require: 'readonly', __filename: 'readonly', __dirname: 'readonly'}},
  },
  {
    files: ['**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'max-lines': 'off',
    },
  },
)
