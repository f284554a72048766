import { UsageError } from '../../errors.js';
import { packageInfoView } from '../../output/views/packages.js';
import { defineVerb, text, variadicArg } from '../define.js';
import { pattern } from '../parsers.js';
import { readInputFile } from '../shared/files.js';

const purlPattern = /^pkg:[a-zA-Z][a-zA-Z0-9.+-]*\/\S+$/;
const purlExpected = 'expected pkg:<type>/<name>@<version>';

/** Package URLs one a line (# comments and blank lines skipped), each checked like an argument. */
function purlsOf(text: string, file: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const line of lines) {
    if (!purlPattern.test(line)) {
      throw new UsageError(
        `invalid package URL ${JSON.stringify(line)} in --from-file ${file}: ${purlExpected}`,
      );
    }
  }
  return lines;
}

export default defineVerb({
  name: 'show',
  summary: 'Licences and CVEs (with score and severity) of package URLs, in one request',
  examples: [
    'secscan packages show pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
    'secscan packages show --from-file purls.txt -o json',
  ],
  operations: ['RetrievePackageInfo'],
  args: [
    variadicArg('purl', 'package URLs such as pkg:maven/commons-io/commons-io@2.5', {
      required: false,
      parser: pattern(purlPattern, purlExpected, 'package URL'),
    }),
  ],
  options: {
    fromFile: text('--from-file <file>', 'also read package URLs from FILE (one a line; - for stdin)'),
  },
  view: packageInfoView,
  validate({ args: [purls], opts }) {
    if (!purls.length && opts.fromFile === undefined)
      throw new UsageError('give at least one package URL, or --from-file FILE');
  },
  async run(ctx, { args: [args], opts }) {
    const purls = [...args];
    const file = opts.fromFile;
    if (file !== undefined) {
      const text = await readInputFile(ctx, file, { what: '--from-file', usage: true });
      purls.push(...purlsOf(text, file));
    }
    if (!purls.length) throw new UsageError('--from-file: no package URLs found');
    const client = await ctx.client({ requireOrg: false });
    const info = await ctx.spin('Looking up packages', () =>
      // A read sent as POST: retried as a GET is (the operation's `read`).
      client.call('RetrievePackageInfo', { body: { purls: [...new Set(purls)] } }),
    );
    return { kind: 'list', rows: info };
  },
});
