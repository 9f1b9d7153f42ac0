// ESLint (flat config): typescript-eslint's recommended rules, React hooks, import cycles, and
// Prettier owning the formatting. `npm run lint` runs it with zero warnings allowed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * Status codes by name (issue 31): outside domain/constants (and the seeds and tests, which write
 * rows as data), a status is never compared with, set to or listed as a bare number: 0–3 read as
 * COBRANCA_STATUS.VENCIDA, CLIENTE_STATUS.BLOQUEADO… (SQL: server/db/status-sql.ts). A bare digit
 * beside a status-like name, in TS or in SQL text, is refused.
 */
const STATUS_NAME = '/^(status|previous|(cliente|cobranca|ordem|contrato|assinatura|integration|chip)Status)$/';
const DIGIT = 'Literal[raw=/^[0-9]$/]';
/** A status-like name on one side of a comparison: `status`, `x.status`, `x?.status`, `Number(x.status)`. */
const statusSide = (side) => {
  const named = (path) => [
    `[${path}.name=${STATUS_NAME}]`,
    `[${path}.property.name=${STATUS_NAME}]`,
    `[${path}.expression.property.name=${STATUS_NAME}]`,
  ];
  const number = (path) => named(`${path}.arguments.0`).map((name) => `[${path}.callee.name='Number']${name}`);
  return `:matches(${[...named(side), ...number(side)].join(', ')})`;
};
/** SQL text that compares a status column with a bare number: `status = 2`, `c.status <> 0`, `status IN (0, 2)`, `CASE status WHEN 2`. */
const SQL_STATUS = String.raw`/\b(status|situacao)\s*(=|<>|!=|>|<|[Ii][Nn]\s*\(|[Nn][Oo][Tt]\s+[Ii][Nn]\s*\()\s*[0-9]\b|[Cc][Aa][Ss][Ee]\s+[a-z_.]*status\s+[Ww][Hh][Ee][Nn]\s+[0-9]/`;
const statusMessage = 'Status por nome: use as constantes de domain/constants (no SQL, server/db/status-sql.ts), não um número solto.';
const bareStatusSelectors = [
  `BinaryExpression[operator=/^[!=]==?$/]${statusSide('left')} > ${DIGIT}.right`,
  `BinaryExpression[operator=/^[!=]==?$/]${statusSide('right')} > ${DIGIT}.left`,
  `AssignmentExpression[left.property.name=${STATUS_NAME}] > ${DIGIT}.right`,
  `AssignmentPattern[left.name=${STATUS_NAME}] > ${DIGIT}.right`,
  `Property[key.name=${STATUS_NAME}] > ${DIGIT}.value`,
  `Property[key.name=${STATUS_NAME}] > :matches(LogicalExpression, ConditionalExpression, ArrayExpression) > ${DIGIT}`,
  `Property[key.name=${STATUS_NAME}] > ObjectExpression > Property[key.name='values'] > ArrayExpression > ${DIGIT}`,
  `CallExpression[callee.name=/^(eq|ne|gt|gte|lt|lte)$/][arguments.0.property.name=${STATUS_NAME}] > ${DIGIT}`,
  `CallExpression[callee.name=/^(inArray|notInArray)$/][arguments.0.property.name=${STATUS_NAME}] > ArrayExpression > ${DIGIT}`,
  `CallExpression[callee.property.name='includes'][arguments.0.type]:has(Identifier[name=${STATUS_NAME}]) > MemberExpression.callee > ArrayExpression.object > ${DIGIT}`,
  `SwitchStatement[discriminant.name=${STATUS_NAME}] > SwitchCase > ${DIGIT}.test`,
  `SwitchStatement[discriminant.property.name=${STATUS_NAME}] > SwitchCase > ${DIGIT}.test`,
  `:matches(FunctionDeclaration[id.name=/[sS]tatus$/], VariableDeclarator[id.name=/[sS]tatus$/]) ReturnStatement > ${DIGIT}`,
  `VariableDeclarator[id.name=/^(STATUSES|statuses)$/] > ArrayExpression > ${DIGIT}`,
  // A table of statuses by another system's name: `{ ACTIVE: 0, INACTIVE: 1 }`.
  `VariableDeclarator[id.name=/STATUS/] > ObjectExpression > Property > ${DIGIT}.value`,
  // A transition table's `from: [0, 2]` beside its `to: COBRANCA_STATUS.RECEBIDA`.
  `ObjectExpression:has(Property[key.name='to'] > MemberExpression[object.name=/_STATUS$/]) > Property[key.name='from'] > ArrayExpression > ${DIGIT}`,
  `TemplateElement[value.raw=${SQL_STATUS}]`,
  `Literal[value=${SQL_STATUS}]`,
  // `${a.status} = 0`: the number right after a status column.
  `TemplateLiteral:has(> MemberExpression[property.name=${STATUS_NAME}]) > TemplateElement[value.raw=/^\\s*(=|<>|!=)\\s*[0-9]\\b/]`,
].map((selector) => ({ selector, message: statusMessage }));

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-server', 'data', 'test-results', 'coverage', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // no-cycle follows an import only into a file it parses: without these it took a .ts file for
      // an unknown kind and saw no loop at all. Type-only imports are no loop (nothing runs).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // React's rules where React is: the browser app and its component tests. Their compiler-based
    // checks cost about half of the lint's time when they also read the server's and tests' files.
    files: ['src/**/*.{ts,tsx}', 'tests/component/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['domain/constants.ts', 'server/seed.ts', 'server/seed/**', 'tests/**', 'bench/**', 'scripts/**'],
    rules: { 'no-restricted-syntax': ['error', ...bareStatusSelectors] },
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
