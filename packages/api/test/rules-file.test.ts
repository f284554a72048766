import { describe, expect, it } from 'vitest';
import { parseRules, readRulesFile } from '../src/rules/rules-file.js';
import { RulesFileError } from '../src/rules/error.js';

function problem(text: string, json = false): { message: string; error: unknown } {
  try {
    parseRules(text, 'rules.yml', json);
  } catch (error) {
    return { message: (error as Error).message, error };
  }
  throw new Error('no error');
}

describe('rules files', () => {
  it('reads rules in the service’s shape, YAML or JSON', () => {
    const yaml =
      'rules:\n  - id: a\n    tags:\n      severity: [critical, high]\n    threshold: 1\n    num_findings: 3\n';
    expect(parseRules(yaml, 'r.yml')).toEqual([
      { id: 'a', tags: { severity: ['critical', 'high'] }, threshold: 1, num_findings: 3 },
    ]);
    expect(parseRules('{"version": 2, "rules": [{"id": "b"}]}', 'r.json', true)).toEqual([{ id: 'b' }]);
  });

  it.each([
    ['rules:\n  - id: a\n    tags: {severity: [critical]\n  - id: b\n', 'rules.yml:4: not valid YAML'],
    ['', 'rules.yml:1: the file is empty'],
    ['rule:\n  - id: a\n', 'rules.yml:1: unknown key "rule"'],
    ['rules: []\n', 'rules.yml:1: rules: at least one rule is needed'],
    ['rules:\n  - id: a\n    treshold: 1\n', 'rules.yml:3: rules[0]: unknown key "treshold"'],
    ['rules:\n  - id: a\n    threshold: -1\n', 'rules.yml:3: rules[0].threshold:'],
    ['rules:\n  - id: a\n    threshold: lots\n', 'rules.yml:3: rules[0].threshold:'],
    ['rules:\n  - tags: {}\n', 'rules.yml:2: rules[0].id: is required'],
    ['version: 2\n', 'rules.yml:1: rules: is required'],
    ['rules:\n  - id: a\n  - id: a\n', 'rules.yml:3: rules[1].id: duplicate rule id "a"'],
    [
      'rules:\n  - id: a\n    tags:\n      severty: [critical]\n',
      'rules.yml:4: rules[0].tags: unknown tag key "severty"',
    ],
    [
      'rules:\n  - id: a\n    tags:\n      severity:\n        - high\n        - critcal\n',
      'rules.yml:6: rules[0].tags.severity: unknown severity "critcal"',
    ],
    [
      'rules:\n  - id: a\n    tags:\n      type: [vulns]\n',
      'rules.yml:4: rules[0].tags.type: unknown type "vulns"',
    ],
    ['rules:\n  - id: a\n    tags:\n      severity: critical\n', 'rules.yml:4: rules[0].tags.severity:'],
    ['rules:\n  - id: a\n    id: b\n', 'rules.yml:3: not valid YAML'],
  ])('refuses %j with file:line: reason (a RulesFileError, with no exit code)', (text, start) => {
    const { message, error } = problem(text);
    expect(message.startsWith(start), message).toBe(true);
    expect(error).toBeInstanceOf(RulesFileError);
    expect(error).not.toHaveProperty('exitCode');
  });

  it('reads the baseline of its own shape, and the tags clients count by', () => {
    const read = readRulesFile(
      'source: {branch: main}\nrules:\n  - id: a\n    tags:\n      cvss_31_severity_rating: [critical]\n      owasp_2021_category: [a03-injection]\n      finding_type: [package]\n',
      'r.yml',
    );
    expect(read).toMatchObject({ format: 'secscan', source: { branch: 'main' }, warnings: [] });
    expect(
      problem('rules:\n  - id: a\n    tags:\n      cvss_31_severity_rating: [severe]\n').message,
    ).toMatch(/^rules\.yml:4: rules\[0\]\.tags\.cvss_31_severity_rating: unknown rating "severe"/);
    expect(problem('source: {branch: ""}\nrules:\n  - id: a\n').message).toMatch(
      /^rules\.yml:1: source\.branch: /,
    );
  });

  it('reads sl check-analysis v2 and v1 files into the same rules', () => {
    const v2 = readRulesFile(
      'source:\n  scan: 42\nbuild_rules:\n  - finding_types: [oss_vuln]\n    cvss_31_severity_ratings: [CRITICAL]\n    options: {reachable: false}\n',
      'sl.yml',
    );
    expect(v2).toMatchObject({ format: 'sl-v2', source: { scan: 42 }, warnings: [] });
    expect(v2.rules).toEqual([
      { id: 'rule-1', tags: { finding_type: ['oss_vuln'], cvss_31_severity_rating: ['critical'] } },
    ]);
    const v1 = readRulesFile(
      'version: 1\nsource: {scan: previous}\nbuild_rules:\n  - id: x\n    threshold: 3\n',
      'v1.yml',
    );
    expect(v1.format).toBe('sl-v1');
    expect(v1.source).toBeUndefined();
    expect(v1.warnings).toHaveLength(1);
    expect(v1.rules).toEqual([{ id: 'x', threshold: 3 }]);
  });

  it('gives the JSON syntax error’s line', () => {
    expect(problem('{"rules": [\n  {"id": "a",}\n]}', true).message).toMatch(/^rules\.yml:2: not valid JSON/);
  });
});

describe('a NUL byte, which YAML forbids', () => {
  it.each([
    ['rules:\n  - id: a\n    tags:\n      severity: [crit\0ical]\n', 4],
    ['rules:\n  - id: "a\0"\n', 2],
  ])('is refused at its line, quoted or not: %j', (text, line) => {
    expect(() => readRulesFile(text, 'rules.yml')).toThrow(
      `rules.yml:${line}: holds a NUL byte, which YAML does not allow`,
    );
  });
});
