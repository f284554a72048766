import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Layers point one way. In the CLI (src/): commands -> access -> api (the client), providers (the code hosts a
 * pull-request comment goes to, on the client's transport), output, config, util; output
 * -> analytics (pure computations over data handed in); the
 * workspace packages beneath: the sandbox (packages/sandbox) stands on @secscan/api (packages/api) only, and
 * @secscan/api on nothing of ours. Within the CLI by `@typescript-eslint/no-restricted-imports`; between
 * packages by `no-restricted-imports`, so the two never replace each other's options.
 */
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

/**
 * A workspace package's source imports its own files, Node's modules and the packages `allowed` (a regex
 * of bare names), nothing else: no file of another package by a relative path, whatever its depth.
 */
const ownPackage = (dir, allowed, message) =>
  [0, 1, 2, 3].map((depth) => ({
    files: [`${dir}/src/${'*/'.repeat(depth)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^(\\.\\./){${depth + 1}}`, message: `${message} (this path leaves ${dir}/src)` },
            { regex: `^(?!\\.|node:|${allowed})`, message },
          ],
        },
      ],
    },
  }));

export default tseslint.config(
  { ignores: ['**/dist/', 'build/', 'node_modules/', 'coverage/', 'completions/', 'man/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // bin/ is CommonJS (bin/package.json): a run starts without Node's ES-module loader; so is the main
    // script of the single executable (a single executable's main script must be).
    files: ['bin/**/*.js', '**/*.cjs'],
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
        {
          selector:
            "MemberExpression[object.property.name='globals'][property.name='output'], MemberExpression[object.name='ctx'][property.name='format']",
          message:
            'a verb never reads -o: declare its document (`document`: its spec gives the formats), `pipedAsReceived` or a view’s `defaultsFor`, and let the format choose',
        },
        {
          selector: "ImportDeclaration[source.value='@secscan/sandbox'][importKind!='type']",
          message:
            "the sandbox loads when it starts: `await import('@secscan/sandbox')`, types by `import type`",
        },
      ],
    },
  },
  layer(
    ['src/api/**/*.ts'],
    [`${src}(commands|access|output|config|streams)/`, `${src}(context|factory)\\.js$`],
    'src/api (the client) imports no commands, access engine, output, streams, config, factory or context',
  ),
  layer(
    ['src/output/**/*.ts'],
    [`${src}(commands|config)/`, `${src}(context|factory|main|program|run-verb)\\.js$`],
    'src/output stands on src/streams (the terminal), never on the context, the factory, config or commands',
  ),
  layer(
    ['src/config/**/*.ts'],
    [`${src}(commands|access|output|streams)/`, `${src}(context|factory)\\.js$`],
    'src/config (settings and the profile store) imports no commands, engine, output or streams',
  ),
  layer(
    ['src/streams/**/*.ts'],
    [
      `${src}(commands|access|api|output|config|providers)/`,
      `${src}(context|factory|main|program|run-verb)\\.js$`,
    ],
    'src/streams (the terminal: streams, prompts, notices, progress) is beneath output: on src/util and errors only',
  ),
  layer(
    ['src/factory.ts'],
    [
      `${src}(commands|access|output)/`,
      `^\\./(commands|access|output)/`,
      `^\\./(context|main|program|run-verb)\\.js$`,
    ],
    'src/factory.ts (settings, profile store, client) stands on config, the client and the streams only',
  ),
  layer(
    ['src/providers/**/*.ts'],
    [`${src}(commands|access|output|config|streams)/`, `${src}(context|factory)\\.js$`],
    'src/providers (the code hosts a pull-request comment goes to) stand beside the client: on src/api and src/util',
  ),
  layer(
    ['src/analytics/**/*.ts'],
    [`${src}(commands|access|api|output|config|streams)/`, `${src}(context|factory)\\.js$`],
    'src/analytics computes from data it is given: no client, output, config or commands',
  ),
  layer(
    ['src/util/**/*.ts'],
    [`${src}(commands|access|api|output|config|streams)/`, `${src}(context|factory)\\.js$`],
    'src/util is the bottom of the CLI: errors and Node only',
  ),
  layer(
    ['src/gate/**/*.ts'],
    [`${src}(commands|access|output|config|triage)/`, `${src}(context|main|program|run-verb)\\.js$`],
    'src/gate (the verdict, baselines, recount, suppressions, the scan under test and its wait) stands below the verbs and output: on the factory and streams, src/api, src/ignores, util and @secscan/api',
  ),
  layer(
    ['src/triage/**/*.ts'],
    [`${src}(commands|access|output|gate)/`, `${src}(context|main|program|run-verb)\\.js$`],
    'src/triage (bulk selection, changes, journals, undo) stands below the verbs and output: on the factory and streams, src/api, util and @secscan/api',
  ),
  layer(
    ['src/access/**/*.ts'],
    [`${src}(commands|config|output)/`, `${src}(context|main|program|run-verb)\\.js$`],
    'the access engine stands below the commands and output (which render its changes): on src/api, util and @secscan/api',
  ),
  layer(
    ['src/sbom/**/*.ts'],
    [
      `${src}(commands|access|output|config|triage|streams)/`,
      `${src}(context|factory|main|program|run-verb)\\.js$`,
    ],
    'src/sbom (the bill of materials: collect, VEX, CycloneDX, SPDX) stands below the verbs and output: on src/api, src/gate, src/ignores, util and @secscan/api',
  ),
  layer(
    ['src/webhook/**/*.ts'],
    [
      `${src}(commands|access|output|gate|triage|sbom|streams)/`,
      `${src}(context|factory|main|program|run-verb)\\.js$`,
    ],
    'src/webhook (the receiver, its store, forwarding, verification verdicts) stands below the verbs: on src/api, config paths, util and @secscan/api',
  ),
  layer(
    ['src/fixes/**/*.ts'],
    [
      `${src}(commands|access|output|gate|triage|sbom|webhook|exchange|config|streams)/`,
      `${src}(context|factory|main|program)\\.js$`,
    ],
    'src/fixes (AutoFix, dataflows, the fix markdown, patches applied to a tree) takes a client and plain values: on src/api, util and @secscan/api',
  ),
  layer(
    ['src/exchange/**/*.ts'],
    [
      `${src}(commands|access|gate|triage|sbom|webhook|config|streams)/`,
      `${src}(context|factory|main|program|run-verb)\\.js$`,
    ],
    'src/exchange (`secscan api`: the raw request and its answer as received) stands below the verbs: on src/api, util and @secscan/api',
  ),
  layer(
    ['src/sync/**/*.ts'],
    [
      `${src}(commands|access|output|gate|sbom|webhook|exchange|config|streams)/`,
      `${src}(context|factory|main|program|run-verb)\\.js$`,
    ],
    'src/sync (the database mirror: schema, migrations, readers, writers) stands below the verbs and output: on src/api, the findings listing of src/triage, util and @secscan/api',
  ),
  layer(
    ['src/mcp/**/*.ts'],
    [
      `${src}(commands|access|output|webhook|exchange|providers)/`,
      `${src}(context|main|program|run-verb)\\.js$`,
    ],
    'src/mcp (the MCP server: its tools, answers, calls and hosts) is an engine: it calls the gate, triage, sbom, stats, ignores and names engines on the factory and streams, renders its own JSON, and imports no command, output or context',
  ),
  layer(
    ['src/names/**/*.ts'],
    [
      `${src}(commands|access|output|config|gate|triage|sbom|mcp)/`,
      `${src}(context|main|program|run-verb)\\.js$`,
    ],
    'src/names (apps and compounds by name, the close names of a 404) stands on the factory, src/api, streams and util',
  ),
  layer(
    ['src/stats/**/*.ts'],
    [
      `${src}(commands|access|output|config|streams|gate|triage|mcp)/`,
      `${src}(context|factory|main|program|run-verb)\\.js$`,
    ],
    'src/stats (the counts of `secscan stats`) computes from the client it is handed: on src/api, util and @secscan/api',
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
  {
    files: ['src/**/*.ts'],
    ignores: ['src/commands/sandbox/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@secscan/sandbox',
              message: 'only `secscan sandbox` (src/commands/sandbox/index.ts) loads the sandbox, lazily',
            },
          ],
        },
      ],
    },
  },
  ...ownPackage('packages/api', '(zod|yaml)$', '@secscan/api stands alone: Node, zod and yaml only'),
  ...ownPackage(
    'packages/sandbox',
    '(zod$|@secscan/api/)',
    'the sandbox stands on @secscan/api only (and Node, zod)',
  ),
);
