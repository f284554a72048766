// `npm run build`: a type check of the CLI (and of the workspace packages it imports), ES modules in build/
// for the build's own scripts, then the command manifest, the bundle dist/secscan.cjs that bin/secscan.js
// runs, and V8's code cache of a warmed-up bundle.
import { execFileSync } from 'node:child_process';
import Module from 'node:module';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { writeLicences } from './licences.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The workspace packages (`@secscan/api`, `@secscan/sandbox`) are TypeScript read from their source (the
 * `secscan-source` condition of their exports): every bundle holds them, as it holds src/.
 */
const conditions = ['secscan-source'];

rmSync(at('build'), { recursive: true, force: true });
rmSync(at('dist'), { recursive: true, force: true });
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});

/** Everything from node_modules stays an import in build/ (Node resolves it); the workspace packages do not. */
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@secscan/') ? undefined : { path: args.path, external: true },
    );
  },
};

// What the build's scripts import (the manifest here, the help renderer for scripts/gen-docs.mjs).
await build({
  entryPoints: [
    'src/commands/manifest.ts',
    'src/help/configuration.ts',
    'src/help/render.ts',
    'src/help/text.ts',
    'src/help/topics.ts',
    'src/output/core/format.ts',
    'src/sync/schema-doc.ts',
  ].map(at),
  outdir: at('build'),
  outbase: at('src'),
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions,
  logLevel: 'warning',
  plugins: [dependenciesExternal],
});

const { buildManifest } = await import(new URL('../build/commands/manifest.js', import.meta.url).href);
const manifest = await buildManifest();
mkdirSync(at('dist'), { recursive: true });
writeFileSync(at('dist/manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);

/**
 * What `secscan --version --verbose` names besides the version: the commit built (and whether the tree had
 * changes not committed), or null where the source is not a git checkout.
 */
function builtFrom() {
  const git = (args) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const commit = git(['rev-parse', 'HEAD']);
    return { commit, changed: git(['status', '--porcelain', '--untracked-files=no']) !== '' };
  } catch {
    return { commit: null, changed: false };
  }
}
writeFileSync(at('dist/build.json'), `${JSON.stringify(builtFrom())}\n`);

/**
 * In the bundle the command tree is the manifest written above, not the declarations read live: the
 * program's part and a stub of each noun (kind, name, aliases, summary) in one module, each noun in full in
 * a module (a chunk) of its own, imported only when a run names the noun (src/commands/manifest-data.ts).
 */
const manifestPlugin = {
  name: 'manifest',
  setup(b) {
    b.onLoad({ filter: /[\\/]commands[\\/]manifest-data\.ts$/ }, () => {
      const stubs = manifest.commands.map(({ kind, name, aliases, summary, section, load }) => ({
        kind,
        name,
        aliases,
        summary,
        section,
        examples: [],
        load,
      }));
      const byWord = Object.fromEntries(
        manifest.commands.flatMap((c) => [c.name, ...c.aliases].map((word) => [word, c.name])),
      );
      const loaders = manifest.commands
        .map((c) => `  ${JSON.stringify(c.name)}: () => import(${JSON.stringify(`manifest:${c.name}`)}),`)
        .join('\n');
      return {
        contents: `const root = ${JSON.stringify(manifest.root)};
const stubs = ${JSON.stringify(stubs)};
const byWord = ${JSON.stringify(byWord)};
const loaders = {
${loaders}
};
export function loadManifest(nouns) {
  const names = nouns === undefined ? stubs.map((s) => s.name) : nouns.map((w) => Object.hasOwn(byWord, w) ? byWord[w] : undefined).filter(Boolean);
  return Promise.all([...new Set(names)].map((name) => loaders[name]().then((m) => m.default))).then((full) => {
    const named = new Map(full.map((entry) => [entry.name, entry]));
    return { root, commands: stubs.map((stub) => named.get(stub.name) ?? stub) };
  });
}
`,
        loader: 'js',
      };
    });
    // A noun's module is `manifest-NOUN` (its chunk is named after it).
    b.onResolve({ filter: /^manifest:/ }, (args) => ({
      path: `manifest-${args.path.slice('manifest:'.length)}`,
      namespace: 'manifest',
    }));
    b.onLoad({ filter: /.*/, namespace: 'manifest' }, (args) => ({
      contents: `export default ${JSON.stringify(manifest.commands.find((c) => `manifest-${c.name}` === args.path))};\n`,
      loader: 'js',
    }));
  },
};

// ES modules with code splitting (each verb, schema area and dependency lands in the chunk that needs it),
// then each chunk rewritten as CommonJS, so bin/load.js can run it with a V8 code cache.
const chunks = at('dist/chunks');

/**
 * commander requires node:child_process at load for executable subcommands, which secscan never uses:
 * loading it costs a few milliseconds on every run, so it is required on first use instead.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const eager = "const childProcess = require('node:child_process');";
      if (!source.includes(eager)) throw new Error('commander changed: update the lazy-child-process plugin');
      const lazy = "const childProcess = { spawn: (...a) => require('node:child_process').spawn(...a) };";
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
  },
};

/**
 * undici's HTTP/2 client requires node:http2 at load (and with it tls and crypto), though the agent never
 * speaks HTTP/2: the constants it reads at load are given here (checked against node:http2 below) and the
 * module is required only by a connection that asks for HTTP/2.
 */
const http2Constants = [
  'HTTP2_HEADER_AUTHORITY',
  'HTTP2_HEADER_METHOD',
  'HTTP2_HEADER_PATH',
  'HTTP2_HEADER_SCHEME',
  'HTTP2_HEADER_CONTENT_LENGTH',
  'HTTP2_HEADER_EXPECT',
  'HTTP2_HEADER_STATUS',
  'HTTP2_HEADER_PROTOCOL',
  'NGHTTP2_REFUSED_STREAM',
  'NGHTTP2_CANCEL',
];
const lazyHttp2 = {
  name: 'lazy-http2',
  setup(b) {
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client-h2\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const eager = "  http2 = require('node:http2')\n";
      if (!source.includes(eager) || http2Constants.some((c) => !source.includes(`    ${c}`))) {
        throw new Error('undici changed: update the lazy-http2 plugin');
      }
      const { constants } = createRequire(import.meta.url)('node:http2');
      const known = Object.fromEntries(http2Constants.map((c) => [c, constants[c]]));
      const lazy = `  http2 = { constants: ${JSON.stringify(known)}, connect: (...args) => require('node:http2').connect(...args) }\n`;
      return { contents: source.replace(eager, lazy), loader: 'js' };
    });
  },
};

/**
 * undici's entry (index.js) loads fetch, WebSocket, caches and mocks besides the agent (~60 ms and 20 MB a
 * run): src/api/undici.ts imports its public names, and in the bundle the entry is cut to the lines that
 * make them (the agent and the request API on every dispatcher), taken as they are from undici's own
 * index.js; the build fails if a line is no longer there.
 */
const slimUndiciLines = [
  "const Dispatcher = require('./lib/dispatcher/dispatcher')",
  "const EnvHttpProxyAgent = require('./lib/dispatcher/env-http-proxy-agent')",
  "const api = require('./lib/api')",
  'Object.assign(Dispatcher.prototype, api)',
  'module.exports.EnvHttpProxyAgent = EnvHttpProxyAgent',
];
const slimUndici = {
  name: 'slim-undici',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/]undici[\\/]index\.js$/ }, async (args) => {
      const lines = (await readFile(args.path, 'utf8')).split('\n');
      const missing = slimUndiciLines.filter((line) => !lines.includes(line));
      if (missing.length) throw new Error(`undici changed: update the slim-undici plugin (${missing[0]})`);
      return { contents: `${slimUndiciLines.join('\n')}\n`, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/**
 * `--jq` runs jq on a worker thread, which is handed jq-wasm's inline build (jq and its WebAssembly in one
 * CommonJS file that requires nothing) as text: the bundle ships that file among its chunks
 * (dist/chunks/jq-wasm.cjs, never loaded as a chunk), and the module that reads it for the worker
 * (src/output/core/jq-engine-file.ts) reads the copy: beside the chunk, or the single executable's asset of that
 * name (scripts/release.mjs takes every .cjs of dist/chunks as an asset `chunks/NAME`).
 */
const jqEngineCopy = 'jq-wasm.cjs';
const jqEngineFile = {
  name: 'jq-engine-file',
  setup(b) {
    b.onLoad({ filter: /[\\/]output[\\/]core[\\/]jq-engine-file\.ts$/ }, () => ({
      contents: `import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
export async function jqEngineSource() {
  try {
    return await readFile(fileURLToPath(new URL('./${jqEngineCopy}', import.meta.url)), 'utf8');
  } catch (error) {
    const sea = await import('node:sea').catch(() => undefined);
    if (!sea?.isSea()) throw error;
    return sea.getAsset('chunks/${jqEngineCopy}', 'utf8');
  }
}
`,
      loader: 'js',
    }));
  },
};

/**
 * The MCP SDK's Server imports its Ajv validator (Ajv, ajv-formats and fast-uri: 280 KB, a quarter of what
 * `secscan mcp` loaded) for the one feature that validates JSON schemas, elicitation, which secscan's server
 * never uses: src/mcp/server.ts hands it a validator of its own, and the module is a stand-in that refuses.
 */
const noAjv = {
  name: 'no-ajv',
  setup(b) {
    b.onLoad(
      { filter: /[\\/]@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/]validation[\\/]ajv-provider\.js$/ },
      async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('export class AjvJsonSchemaValidator')) {
          throw new Error('the MCP SDK changed: update the no-ajv plugin');
        }
        return {
          contents:
            "export class AjvJsonSchemaValidator { getValidator() { throw new Error('secscan: no JSON schema validation here'); } }\n",
          loader: 'js',
        };
      },
    );
  },
};

const result = await build({
  entryPoints: { cli: at('src/cli.ts') },
  outdir: chunks,
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
  metafile: true,
  conditions,
  plugins: [manifestPlugin, lazyChildProcess, lazyHttp2, slimUndici, jqEngineFile, noAjv],
  define: { 'import.meta.url': '__secscanModuleUrl' },
  // jsonc-parser's main build is UMD, whose requires of its own files esbuild cannot follow: its ES build.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
});
mkdirSync(chunks, { recursive: true });
// The chunk graph (which source modules each chunk holds, which chunks it imports), for `bench/chunks.mjs`;
// in build/, so it is not published.
writeFileSync(at('build/metafile.json'), JSON.stringify(result.metafile));
copyFileSync(require.resolve('jq-wasm/inline'), join(chunks, jqEngineCopy));
// The WebAssembly SQLite of `secscan sync` (src/sync/wasm.ts) reads its module beside its chunk.
copyFileSync(
  join(dirname(require.resolve('node-sqlite3-wasm')), 'node-sqlite3-wasm.wasm'),
  join(chunks, 'node-sqlite3-wasm.wasm'),
);
// The copy is shipped as the bundle is: its package's licence with the others.
result.metafile.inputs[relative(root, require.resolve('jq-wasm/inline'))] = { bytes: 0, imports: [] };
// What the bundle holds is installed with it, not again as dependencies: their licences ship in dist/.
writeLicences(
  at('dist/THIRD-PARTY-LICENSES.md'),
  'Packages bundled in dist/chunks (secscan installs no dependency)',
  result.metafile,
  process.cwd(),
);
for (const file of result.outputFiles) {
  const cjs = await transform(file.text, {
    format: 'cjs',
    loader: 'js',
    target: 'node20',
    logLevel: 'warning',
  });
  const code = cjs.code
    .replace(/require\("\.\/([\w.-]+)\.js"\)/g, 'require("./$1.cjs")')
    .replace(
      /\bimport\("\.\/([\w.-]+)\.js"\)/g,
      'Promise.resolve().then(() => __secscanImport(require("./$1.cjs")))',
    )
    .replace(/\bimport\("(node:[\w/]+)"\)/g, 'Promise.resolve().then(() => require("$1"))');
  if (/\bimport\(/.test(code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''))) {
    throw new Error(`${file.path}: a dynamic import the chunk loader cannot run`);
  }
  // Only in the chunks that use them (a URL made in every chunk costs ~20 us each, 70 chunks for a gate).
  // A chunk holding a CommonJS package exports only `default`; Node's import() also gives its named exports.
  const banner =
    (code.includes('__secscanModuleUrl')
      ? "const __secscanModuleUrl = require('node:url').pathToFileURL(__filename).href;\n"
      : '') +
    (code.includes('__secscanImport')
      ? 'const __secscanImport = (m) => { const own = Object.keys(m).filter((k) => k !== "default" && k !== "__esModule"); ' +
        'return own.length === 0 && m.default !== null && typeof m.default === "object" ? { ...m.default, default: m.default } : m; };\n'
      : '');
  // Wrapped here as Node wraps a CommonJS module (on the first line: line numbers stay), so bin/load.js
  // compiles the text it read: no second copy of every chunk's source made at each start.
  writeFileSync(file.path.replace(/\.js$/, '.cjs'), Module.wrap(banner + code));
}

execFileSync(process.execPath, [at('scripts/warm-cache.mjs')], { cwd: root, stdio: 'inherit' });
