import type { Context } from '../../context.js';
import { readingRules } from '../../errors.js';
import { rulesFileDocument } from '../../output/export/texts.js';
import { arg, defineVerb } from '../define.js';
import { readInputFile } from '../shared/files.js';

async function readText(ctx: Context, path: string): Promise<string> {
  return readInputFile(ctx, path, { what: 'rules file' });
}

export default defineVerb({
  name: 'convert',
  summary: 'Print a rules file in secscan’s own shape (from sl check-analysis v2 or v1 build rules)',
  description:
    'Read a rules file (YAML or JSON): the `build_rules:` of an `sl check-analysis` file (v2, or the old v1 ' +
    'with impact severities, with a warning) or secscan’s own `rules:`, check it line by line as ' +
    '`scans check --rules` does, and print it in secscan’s shape: YAML, or JSON with -o json. The file’s ' +
    '`source: {branch}` becomes `source:`, the baseline of a diff check. `scans check --rules` reads both ' +
    'shapes, so converting is optional.',
  examples: [
    'secscan rules convert shiftleft.yml',
    'secscan rules convert shiftleft.yml > .secscan/rules.yml',
    'secscan rules convert - -o json < shiftleft.yml',
  ],
  operations: [],
  args: [arg('file', 'the rules file; - reads standard input', { complete: 'file' })],
  document: rulesFileDocument,
  async run(ctx, { args: [path] }) {
    const text = await readText(ctx, path);
    const [{ readRulesFile }, { rulesFileText }] = await Promise.all([
      import('@secscan/api/rules/rules-file'),
      import('./internal/text.js'),
    ]);
    const label = path === '-' ? '<stdin>' : path;
    const read = readingRules(() => readRulesFile(text, label, /\.json$/i.test(path)));
    for (const warning of read.warnings) ctx.warn(warning);
    return {
      kind: 'document',
      document: { type: 'rules-file' as const, json: read.file, yaml: rulesFileText(read, label) },
    };
  },
});
