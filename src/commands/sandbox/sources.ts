import { resolve } from 'node:path';
import { UnexpectedResponseError } from '../../errors.js';
import { sourceFilesView } from '../../output/views/fixes.js';
import { defineVerb, text } from '../define.js';

export default defineVerb({
  name: 'sources',
  summary: 'Write the demo apps’ sources, which AutoFix’s patches apply to, to a directory',
  description:
    'Write the sources of the running sandbox’s demo apps to --out DIR: a small tree per app, each line a ' +
    'finding points at holding the code it names (a vuln’s entry point, step and sink; a dependency’s ' +
    'declaration in its manifest), the rest blank. With --app, that app’s tree is DIR itself; without, each ' +
    'app’s is DIR/APP.\n\nThe unified patches of AutoFix’s fixes (`secscan findings autofix`) apply to them, ' +
    'with `git apply` or `findings autofix --apply --dir`. Files already there are replaced, each whole. It ' +
    'uses the connection settings of other commands (the Super Admin token the sandbox printed) and the ' +
    'sandbox’s own route, not the service’s API.',
  examples: [
    'secscan sandbox sources --app shiftleft-java-demo --out ./shiftleft-java-demo',
    'secscan sandbox sources --out ./demo-sources -o json',
  ],
  operations: [],
  options: {
    app: text('--app <id>', 'only this app’s sources, written to DIR itself', { complete: 'app' }),
    out: text('--out <dir>', 'the directory to write to (made if missing)', {
      required: 'the directory to write to',
      complete: 'dir',
    }),
  },
  view: sourceFilesView,
  async run(ctx, { opts }) {
    const { controlSourcesPath, SourcesControlResult } = await import('@secscan/api/sandbox-control');
    const client = await ctx.client({ requireOrg: false });
    const query = opts.app === undefined ? '' : `?app=${encodeURIComponent(opts.app)}`;
    const path = `${client.apiPrefix.replace(/\/api\/v4$/, '')}${controlSourcesPath}${query}`;
    const res = await ctx.spin('Reading the demo sources', () =>
      client.send('GET', path, { context: 'sandbox sources' }),
    );
    let body: unknown;
    try {
      body = JSON.parse(res.body.toString('utf8'));
    } catch {
      throw new UnexpectedResponseError(
        'sandbox sources: the answer is not JSON (is SECSCAN_BASE_URL a sandbox?)',
      );
    }
    const checked = SourcesControlResult.safeParse((body as { response?: unknown } | null)?.response);
    const { appIdPattern } = await import('@secscan/api/values');
    const apps = checked.success ? checked.data.apps : [];
    if (
      !checked.success ||
      apps.some((a) => !appIdPattern.test(a.app)) ||
      (opts.app !== undefined && apps.some((a) => a.app !== opts.app))
    ) {
      throw new UnexpectedResponseError(
        'sandbox sources: the answer is not the demo sources (is SECSCAN_BASE_URL a sandbox?)',
      );
    }
    const { UnsafePatchError, writeTree } = await import('../../fixes/tree.js');
    const out = resolve(opts.out);
    const rows = [];
    for (const { app, files } of apps) {
      const dir = opts.app === undefined ? resolve(out, app) : out;
      try {
        await writeTree(dir, files);
      } catch (error) {
        if (error instanceof UnsafePatchError)
          throw new UnexpectedResponseError(`sandbox sources: ${error.message}`);
        throw error;
      }
      for (const f of files) rows.push({ app, file: f.path, lines: f.content.split('\n').length - 1 });
    }
    const { wroteFilesNotice } = await import('../../output/core/wrote.js');
    ctx.note(wroteFilesNotice(rows.length, out));
    return { kind: 'list', rows };
  },
});
