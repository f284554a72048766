// `npm run build` (and `npm pack`, through prepack): what the published package holds.
// - dist/index.js: the sandbox and everything it uses (@secscan/api, zod, yaml) in one ES module, so the
//   package installs with no dependency at all: @secscan/api is not published, and a test suite gets the
//   sandbox's own zod whatever version it uses itself.
// - dist/index.d.ts: the types of the entry (src/index.ts declares every type a caller sees, so the file
//   stands alone; the build fails if it would import anything).
// - dist/THIRD-PARTY-LICENSES.md: the licences of the packages bundled.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import { writeLicences } from '../../../scripts/licences.mjs';

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const entry = at('src/index.ts');
// SANDBOX_DIST: another directory to build into (the release stages the package there, so a build of its
// own never races one of packages/sandbox/dist, as the package's tests make).
const dist = process.env.SANDBOX_DIST ? resolve(process.env.SANDBOX_DIST) : at('dist');

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const result = await build({
  entryPoints: [entry],
  outfile: join(dist, 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  conditions: ['secscan-source'],
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  absWorkingDir: at('.'),
  // yaml is CommonJS and requires Node's `process` module: an ES module has no `require` of its own.
  banner: {
    js: "import { createRequire as __sandboxRequire } from 'node:module';\nconst require = __sandboxRequire(import.meta.url);",
  },
});

writeLicences(
  join(dist, 'THIRD-PARTY-LICENSES.md'),
  'Packages bundled in dist/index.js',
  result.metafile,
  at('.'),
);

const config = ts.getParsedCommandLineOfConfigFile(
  at('../../tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
);
const program = ts.createProgram([entry], {
  ...config.options,
  noEmit: false,
  declaration: true,
  emitDeclarationOnly: true,
  outDir: at('build-types'),
});
let declarations;
const emitted = program.emit(undefined, (file, text) => {
  if (relative(at('build-types'), file).endsWith(join('sandbox', 'src', 'index.d.ts'))) declarations = text;
});
const problems = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
if (problems.length) {
  const host = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => '\n',
  };
  throw new Error(ts.formatDiagnostics(problems, host));
}
if (!declarations) throw new Error('no declarations were emitted for src/index.ts');
if (/^\s*(import|export .* from)\b/m.test(declarations)) {
  throw new Error('dist/index.d.ts would import other modules: declare the public types in src/index.ts');
}
writeFileSync(join(dist, 'index.d.ts'), declarations);
