import { describe, expect, it } from 'vitest';
import { authEnv, expectUsage, useCli } from '../../helpers/cli.js';
import { formatsOf } from '../../../src/output/export/spec.js';
import { policyFileDocument } from '../../../src/output/export/texts.js';

const cli = useCli();
const file = '# gate\nrules:\n  - id: no-critical\n    tags: {severity: [critical]}\n    threshold: 0';
const yaml = { headers: { 'content-type': 'application/yaml' } };

describe('policies show: usage errors (exit 2, no request)', () => {
  it.each([
    [['policies', 'show'], "missing required argument 'reference'"],
    [['policies', 'show', 'default:'], 'invalid policy reference "default:": expected NAME or NAME:TAG'],
    [['policies', 'show', 'a/b'], 'invalid policy reference "a/b": expected NAME or NAME:TAG'],
    // A policy file is text: the rows formats are refused by name, saying why (they printed the text).
    ...['tsv', 'csv'].map((format): [string[], string] => [
      ['policies', 'show', 'default', '-o', format],
      `invalid value for -o, --output: "${format}": a policy file is text, not rows (choose from ${formatsOf(policyFileDocument).join(', ')})`,
    ]),
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

  it('-o yaml is the file itself, -o ndjson {reference, content} on one line', async () => {
    cli.stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'p' } }).reply(200, file, yaml);
    expect((await cli.run(['policies', 'show', 'p', '-o', 'yaml'], { env: authEnv() })).stdout).toBe(file);
    cli.stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'p' } }).reply(200, file, yaml);
    const ndjson = await cli.run(['policies', 'show', 'p', '-o', 'ndjson'], { env: authEnv() });
    expect(ndjson.stdout).toBe(`${JSON.stringify({ reference: 'p', content: file })}\n`);
  });

  it('maps an unknown policy to exit 5', async () => {
    cli
      .stub('ResolveCheckAnalysisConfiguration', { path: { reference: 'nope' } })
      .reply(404, { ok: false, code: 'NOT_FOUND', message: 'no check-analysis configuration nope' });
    const r = await cli.run(['policies', 'show', 'nope'], { env: authEnv() });
    expect(r.code).toBe(5);
  });
});
