import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Layers point one way: commands -> context -> api, output, config; sandbox -> api. */
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map((regex) => ({ regex, message })),
      },
    ],
  },
});

const src = '^(\\.\\./)+';

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'node_modules/', 'coverage/', 'completions/', 'man/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // bin/ is CommonJS (bin/package.json): a run starts without Node's ES-module loader.
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "use `import * as z from 'zod'`: the named `z` carries every locale into the bundle",
        },
      ],
    },
  },
  {
    files: ['src/commands/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[imported.name='z'][importKind!='type']",
          message: "use `import * as z from 'zod'`: the named `z` carries every locale into the bundle",
        },
        {
          selector: "Property[key.name='exitCode'] > Literal",
          message: 'a verb never picks an exit code by number: use ExitCode from src/errors.ts',
        },
        {
          selector: "MemberExpression[object.property.name='io'][property.name='stdout']",
          message: 'a verb never writes to stdout: return data and let the renderer print it',
        },
      ],
    },
  },
  layer(
    ['src/api/**/*.ts'],
    [`${src}(commands|output|config|sandbox)/`, `${src}context\\.js$`],
    'src/api is the bottom layer: it imports no commands, output, config, context or sandbox',
  ),
  layer(
    ['src/output/**/*.ts', 'src/config/**/*.ts', 'src/rules/**/*.ts'],
    [`${src}(commands|sandbox)/`],
    'output, config and rules never import commands or the sandbox',
  ),
  layer(
    ['src/sandbox/**/*.ts'],
    [`${src}(commands|output|config)/`, `${src}context\\.js$`],
    'the sandbox stands on src/api (and src/rules) only',
  ),
  layer(
    ['src/commands/*/*.ts'],
    ['^\\.\\./(?!shared/)[\\w-]+/'],
    'a noun never imports another noun: shared helpers go to src/commands/shared/',
  ),
  layer(
    ['src/commands/*/*/*.ts'],
    ['^\\.\\./\\.\\./(?!shared/)[\\w-]+/'],
    'a noun never imports another noun: shared helpers go to src/commands/shared/',
  ),
);
