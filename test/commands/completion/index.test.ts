import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const committed = (file: string) =>
  readFileSync(new URL(`../../../completions/${file}`, import.meta.url), 'utf8');

describe('completion: usage errors (exit 2, no request)', () => {
  it.each([
    [['completion', 'powershell'], 'invalid shell "powershell" (choose from bash, zsh, fish)'],
    [['completion'], "missing required argument 'shell'"],
    [['completion', 'bash', 'zsh'], "too many arguments for 'completion'. Expected 1 argument but got 2."],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv), message, cli);
  });
});

describe('completion', () => {
  it.each([
    ['bash', 'secscan.bash'],
    ['zsh', '_secscan'],
    ['fish', 'secscan.fish'],
  ])('prints the committed %s script unchanged', async (shell, file) => {
    const script = committed(file);
    expect(script.length).toBeGreaterThan(100);
    expect(await cli.run(['completion', shell])).toEqual({ code: 0, stdout: script, stderr: '' });
  });

  it('needs no configuration: a corrupt config file does not matter', async () => {
    writeFileSync(join(cli.configDir, 'config.json'), '{"profiles":');
    expect((await cli.run(['completion', 'bash'])).code).toBe(0);
  });
});
