import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { expectUsage, useCli } from '../../helpers/cli.js';
import { formatsOf } from '../../../src/output/export/spec.js';
import { rulesFileDocument } from '../../../src/output/export/texts.js';

const cli = useCli();
const dir = mkdtempSync(join(tmpdir(), 'secscan-rules-cmd-'));
const v2 = join(dir, 'shiftleft.yml');
writeFileSync(
  v2,
  [
    'source:',
    '  branch: main',
    'build_rules:',
    '  - id: "Allow zero high SAST vulnerabilities"',
    '    finding_types: [vuln, secret]',
    '    cvss_31_severity_ratings: [high, critical]',
    '    threshold: 0',
    '    options:',
    '      num_findings: 10',
    '  - id: mix',
    '    type: [SQL Injection]',
    '    owasp_category: [a1-injection]',
    '    owasp_2021_category: [a03-injection]',
    '    threshold: 100',
    '',
  ].join('\n'),
);
const converted = {
  version: 2,
  source: { branch: 'main' },
  rules: [
    {
      id: 'Allow zero high SAST vulnerabilities',
      tags: { finding_type: ['vuln', 'secret'], cvss_31_severity_rating: ['high', 'critical'] },
      threshold: 0,
      num_findings: 10,
    },
    {
      id: 'mix',
      tags: {
        category: ['SQL Injection'],
        owasp_category: ['a1-injection'],
        owasp_2021_category: ['a03-injection'],
      },
      threshold: 100,
    },
  ],
};

describe('rules convert: usage errors (exit 2)', () => {
  it.each([
    [['rules', 'convert'], "missing required argument 'file'"],
    [['rules', 'convert', 'a', 'b'], "too many arguments for 'convert'. Expected 1 argument but got 2."],
    // A rules file is one document: the formats that write rows are refused (they printed its YAML).
    ...['table', 'tsv', 'csv'].map((format): [string[], string] => [
      ['rules', 'convert', v2, '-o', format],
      `invalid value for -o, --output: "${format}": a rules file is one document, not rows (choose from ${formatsOf(rulesFileDocument).join(', ')})`,
    ]),
  ])('%j', async (argv, message) => {
    expectUsage(await cli.run(argv), message, cli);
  });
});

describe('rules convert', () => {
  it('prints an sl v2 file in secscan’s shape as YAML, with where it came from', async () => {
    const r = await cli.run(['rules', 'convert', v2]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      `# secscan rules, converted from ${v2} (sl check-analysis v2) by \`secscan rules convert\``,
    );
    expect(parse(r.stdout)).toEqual(converted);
    expect(r.stderr).toBe('');
  });

  it('-o json prints JSON; standard input is read with -', async () => {
    const r = await cli.run(['rules', 'convert', '-', '-o', 'json'], {
      stdin: 'build_rules:\n  - severity: [moderate, info]\n    threshold: 2\n',
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      version: 2,
      rules: [{ id: 'rule-1', tags: { severity: ['medium', 'low'] }, threshold: 2 }],
    });
    expect(r.stderr).toMatch(/^warning: <stdin> is an sl check-analysis v1 file \(the old format\)/);
  });

  it('YAML on a terminal too (its default), and its JSON on one line with -o ndjson', async () => {
    const tty = await cli.run(['rules', 'convert', v2], { stdoutTTY: true });
    expect(parse(tty.stdout)).toEqual(converted);
    const ndjson = await cli.run(['rules', 'convert', v2, '-o', 'ndjson']);
    expect(ndjson.stdout).toBe(`${JSON.stringify(converted)}\n`);
  });

  it('its own shape converts to itself', async () => {
    const own = join(dir, 'own.yml');
    writeFileSync(own, 'rules:\n  - id: a\n    tags: {severity: [critical]}\n');
    const r = await cli.run(['rules', 'convert', own, '-o', 'json']);
    expect(JSON.parse(r.stdout)).toEqual({ rules: [{ id: 'a', tags: { severity: ['critical'] } }] });
  });

  it.each([
    [
      'build_rules:\n  - id: a\n    severity: [high]\n    options: {reachable: true}\n',
      ':4: build_rules[0]: unknown key "options"',
    ],
    [
      'version: 2\nbuild_rules:\n  - id: a\n    severity: [high]\n',
      ':4: build_rules[0]: unknown key "severity"',
    ],
    [
      'build_rules:\n  - id: a\n    finding_types: [vulns]\n',
      ':3: build_rules[0].finding_types: unknown finding type "vulns"',
    ],
    ['build_rules:\n  - id: a\n  - id: a\n', ':3: build_rules[1].id: duplicate rule id "a"'],
    ['build_rules: []\n', ':1: build_rules: at least one rule is needed'],
    [
      'source: {branch: main, scan: 3}\nbuild_rules:\n  - id: a\n',
      ':1: source: give branch or scan, not both',
    ],
    [
      'rules:\n  - id: a\nbuild_rules:\n  - id: b\n',
      ':1: a file holds `rules:` (secscan) or `build_rules:` (sl), not both',
    ],
    ['build_rules:\n  - id: a\n    license: GPL\n', ':3: build_rules[0]: license rules are not supported'],
  ])('refuses %j at its line (exit 3)', async (text, message) => {
    const file = join(dir, `bad-${Math.random().toString(36).slice(2)}.yml`);
    writeFileSync(file, text);
    const r = await cli.run(['rules', 'convert', file]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`error: ${file}${message}`);
    expect(r.stderr).toContain('hint: an sl check-analysis file holds `build_rules:`');
    expect(r.stdout).toBe('');
  });

  it('an unreadable file is exit 3', async () => {
    const r = await cli.run(['rules', 'convert', join(dir, 'missing.yml')]);
    expect(r).toMatchObject({
      code: 3,
      stderr: `error: rules file: cannot read ${join(dir, 'missing.yml')}: no such file\n`,
    });
  });
});
