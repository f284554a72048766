import { expect, it } from 'vitest';
import { readCommands } from '../helpers/read-commands.js';
import { describeContract, violations } from './harness.js';

/**
 * The commands whose answers must have the shape they read (a wrong shape is exit 8): run in-process against
 * the vendor's examples, none may find the documented answers unreadable.
 */
const commands = readCommands
  .filter(
    // The vendor's example of the compounds listing links a findings page as its next_page: the command
    // refuses that (exit 8, test/e2e/failsafe.test.ts), so the example cannot be read whole.
    (argv) => argv.join(' ') !== 'compounds list',
  )
  // So does its example of an app's findings (it links the organization's): a report reads every page, so
  // here it asks for the first one only.
  .map((argv) => (argv.includes('sarif') ? [...argv, '--page', '1'] : argv));

describeContract('contract: read commands find the documented answers readable', (cli) => {
  it.each(commands)('%s %s %s %s', async (...argv) => {
    const run = await cli.run(argv);
    expect(violations(run)).toEqual([]);
    expect(run.stderr).not.toMatch(/unexpected response|the answer/);
    expect([run.code, run.stderr]).toEqual([0, expect.any(String)]);
  });
});
