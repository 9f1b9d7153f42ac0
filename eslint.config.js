// ESLint (flat config): typescript-eslint's recommended rules, React hooks, import cycles, and
// Prettier owning the formatting. `npm run lint` runs it with zero warnings allowed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-server', 'data', 'test-results', 'coverage', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // no-cycle follows an import only into a file it parses: without these it took a .ts file for
      // an unknown kind and saw no loop at all. Type-only imports are no loop (nothing runs).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Tests read JSON replies of any shape.
    files: ['tests/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // No test leaves the others out (`.only`) or drops out silently (`.skip`, `.todo`, `skipIf`, a
    // context's skip): the one documented skip is a database-specific test, `it.runIf(backend === …)`.
    files: ['tests/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name=/^(it|test|describe|suite|bench)$/][property.name='only']",
          message: '.only deixa os outros testes de fora: não é permitido.',
        },
        {
          selector: 'MemberExpression[object.name=/^(it|test|describe|suite|bench)$/][property.name=/^(skip|skipIf|todo|fails)$/]',
          message: 'Um teste não é pulado: só it.runIf(backend === …) para um caso de um só banco (README, Testes).',
        },
        {
          selector:
            "CallExpression[callee.object.name=/^(it|test|describe|suite)$/][callee.property.name='runIf']:not(:has(Identifier[name='backend']))",
          message: 'it.runIf só para um caso de um só banco: a condição fala de backend.',
        },
        {
          selector:
            "CallExpression[callee.property.name='skip'][callee.object.type='Identifier'][callee.object.name=/^(ctx|context|t|task)$/]",
          message: 'Um teste não é pulado em tempo de execução: só it.runIf(backend === …).',
        },
      ],
    },
  },
  prettier,
);
