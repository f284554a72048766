import { expect, it } from 'vitest';
import { readCommands } from '../helpers/read-commands.js';
import { describeContract, violations } from './harness.js';

/**
 * The commands whose answers must have the shape they read (a wrong shape is exit 8): run in-process against
 * the vendor's examples, none may find the documented answers unreadable.
 */
/** Read commands the vendor's examples cannot answer, and why. */
const unanswerable: Readonly<Record<string, string>> = {
  // The vendor's example of the compounds listing links a findings page as its next_page: the command
  // refuses that (exit 8, test/e2e/failsafe.test.ts), so the example cannot be read whole.
  'compounds list': 'the example links a findings page as its next_page',
  // So does its example of an app's findings, which the trends read every page of.
  'reports trends': 'the example of an app’s findings links the organization’s as its next_page',
  // Its example of an app's findings counts no severities, which the statistics are made of (exit 8).
  stats: 'the example of an app’s findings has counts without counts by severity',
  // The document gives no example of a SAML configuration: Prism makes one up, with no name to ask for.
  'saml show corp-sso': 'no SAML configuration of the examples has a name to show',
  // The report is a binary string in the document, no example: Prism answers a string that is no SARIF log,
  // which the command refuses (exit 8, test/commands/compounds/sarif.test.ts).
  // Its example of an app's packages always has more (has_more: true) and counts 42: read page after page,
  // it passes its count, which the command refuses (exit 8, test/commands/sbom/).
  'sbom --app payments-api': 'the example of an app’s packages always has more, past the 42 it counts',
  'sbom --app payments-api --format spdx': 'the example of an app’s packages always has more',
  'compounds sarif shop --out -': 'the document gives no example of the report, only a binary string',
};

const commands = (await readCommands())
  .filter((argv) => unanswerable[argv.join(' ')] === undefined)
  // So does its example of an app's findings (it links the organization's): a report reads every page, so
  // here it asks for the first one only.
  .map((argv) => (argv.join(' ').includes('-o sarif') ? [...argv, '--page', '1'] : argv));

describeContract('contract: read commands find the documented answers readable', (cli) => {
  it.each(commands.map((argv) => [argv.join(' '), argv] as const))('%s', async (_title, argv) => {
    const run = await cli.run(argv);
    expect(violations(run)).toEqual([]);
    expect(run.stderr).not.toMatch(/unexpected response|the answer/);
    expect([run.code, run.stderr]).toEqual([0, expect.any(String)]);
  });
});
