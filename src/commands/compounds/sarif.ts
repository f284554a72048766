import { scanLanguages } from '@secscan/api/values';
import { arg, choice, defineVerb, parsed, text } from '../define.js';
import { keyValue, nonEmpty, scanId } from '../parsers.js';
import { checkOutputFile } from '../shared/outputs.js';

export default defineVerb({
  name: 'sarif',
  summary: 'Download the service’s SARIF report of a compound scan',
  examples: [
    'secscan compounds sarif shop --branch main --out shop.sarif',
    'secscan compounds sarif shop --scan 1042 --out - | jq ".runs[0].results"',
  ],
  operations: ['DownloadSarifReport'],
  args: [arg('name', 'compound name', { parser: nonEmpty('compound name'), complete: 'compound' })],
  options: {
    out: text('--out <file>', 'where to write the report (required; `-` for standard output)', {
      required: 'a file, or - for standard output',
      complete: 'file',
    }),
    scan: parsed('--scan <id>', 'compound (polyglot) scan id (default: the latest)', scanId(), {
      conflicts: ['version', 'branch', 'tag'],
    }),
    version: text('--version <version>', 'the scan of this version', { conflicts: ['branch', 'tag'] }),
    branch: text('--branch <branch>', 'the latest scan of this branch', { conflicts: ['tag'] }),
    tag: parsed('--tag <key=value>', 'the latest scan with this tag', keyValue()),
    language: choice('--language <language>', 'only the findings of apps in this language', scanLanguages),
  },
  validate({ opts }) {
    if (opts.out !== '-') checkOutputFile('--out', opts.out);
  },
  async run(ctx, { args: [name], opts }) {
    const { out } = opts;
    const client = await ctx.client();
    const [key, value] = opts.tag === undefined ? [] : opts.tag.split(/=(.*)/s);
    const params = {
      path: { compoundName: name },
      query: {
        polyglot_scan: opts.scan,
        scan_version: opts.version,
        scan_branch: opts.branch,
        scan_tag: key === undefined ? undefined : `${key}__eq__${value}`,
        scan_language: opts.language,
      },
    };
    const { checkedSarifLog } = await import('./internal/sarif-log.js');
    if (out === '-') {
      const body = await client.call('DownloadSarifReport', params);
      checkedSarifLog(body);
      return { kind: 'raw', body: typeof body === 'string' ? body : JSON.stringify(body, null, 2) };
    }
    // The file takes its name only once it reads as a SARIF log.
    const check = async (partial: string) => {
      const { readFile } = await import('node:fs/promises');
      checkedSarifLog(await readFile(partial, 'utf8'));
    };
    const bytes = await ctx.spin(`Downloading the SARIF report of ${name}`, () =>
      client.download('DownloadSarifReport', params, out, undefined, check),
    );
    const { wroteNotice } = await import('../../output/core/wrote.js');
    ctx.note(wroteNotice(out, bytes));
    return { kind: 'none' };
  },
});
