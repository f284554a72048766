import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';

const cli = useCli();
const file = '# gate\nrules:\n  - id: no-critical\n    tags: {severity: [critical]}\n    threshold: 0';
const yaml = { headers: { 'content-type': 'application/yaml' } };

describe('policies show: usage errors (exit 2, no request)', () => {
  it.each([
    [['policies', 'show'], "missing required argument 'reference'"],
    [['policies', 'show', 'default:'], 'invalid policy reference "default:": expected NAME or NAME:TAG'],
    [['policies', 'show', 'a/b'], 'invalid policy reference "a/b": expected NAME or NAME:TAG'],
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv, { env: authEnv() }), message, cli);
  });
});

describe('policies show', () => {
  it('prints the stored file byte for byte when piped (no newline added)', async () => {
    cli
      .stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'default:2' } })
      .reply(200, file, yaml);
    const r = await cli.run(['policies', 'show', 'default:2'], { env: authEnv() });
    expect(r).toEqual({ code: 0, stdout: file, stderr: '' });
    expect(cli.calls()[0]?.headers.accept).toBe('application/yaml');
  });

  it('removes escapes on a terminal, and -o json gives {reference, content}', async () => {
    const hostile = 'rules: []\n# \u001b]52;c;aGk=\u0007\u001b[2J\n';
    cli.stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'p' } }).reply(200, hostile, yaml);
    const tty = await cli.run(['policies', 'show', 'p'], { env: authEnv(), stdoutTTY: true });
    expect(tty.stdout).toBe('rules: []\n# \n');
    cli.stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'p' } }).reply(200, hostile, yaml);
    const json = await cli.run(['policies', 'show', 'p', '-o', 'json'], { env: authEnv() });
    expect(JSON.parse(json.stdout)).toEqual({ reference: 'p', content: hostile });
  });

  it('maps an unknown policy to exit 5', async () => {
    cli
      .stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'nope' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no check-analysis configuration nope' });
    const r = await cli.run(['policies', 'show', 'nope'], { env: authEnv() });
    expect(r.code).toBe(5);
  });
});
