import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readSimpleRulesFile } from '../src/rules/own-rules.js';
import { readRulesFile } from '../src/rules/rules-file.js';
import { readSimpleYaml } from '../src/rules/simple-yaml.js';

const plain = [
  'rules:\n  - id: no-critical\n    tags:\n      severity: [critical]\n    threshold: 0\n',
  '# gate\nrules:\n- id: a   # the first\n  tags:\n    severity:\n      - critical\n      - high\n    type: [vuln, secret]\n  threshold: 3\n  num_findings: 10\n- id: "b c"\n  tags:\n    cwe: [\'89\', "79"]\n  threshold: 0\nsource:\n  branch: main\n',
  'rules: []\n',
  "a: true\nb: False\nc: ~\nd:\ne: null\nf: -12\ng: it's, plain text\nh: []\n",
  'list:\n  -\n  - x\n  - y: 1\n    z: [a]\n',
];

const unusual = [
  'a: &x 1\nb: *x\n', // anchors
  'a: !!str 1\n', // tags
  'a: |\n  text\n', // block scalars
  'a: {b: 1}\n', // flow maps
  'a: 1.5\n', // not a plain integer
  'a: 0x10\n',
  'a: 007\n',
  'a: "x\\ny"\n', // escapes
  'a: 1\na: 2\n', // a repeated key (an error there)
  'a: b: c\n',
  'a:\n\tb: 1\n',
  'a: 1\n---\nb: 2\n',
  'a: [x, [y]]\n',
  'a: [x,, y]\n',
  'a: [x:y]\n',
  'a:\n  - - y\n', // a list in a list on one line
  'a\n',
  '  a: 1\n',
  'a:\n  b: 1\n c: 2\n',
  'a: x\n  y\n', // a plain scalar over two lines
  '',
];

describe('readSimpleYaml', () => {
  it.each(plain)('reads plain YAML as the YAML parser does: %j', (text) => {
    expect(readSimpleYaml(text)).toEqual(parse(text));
  });

  it.each(unusual)('leaves anything else to the YAML parser: %j', (text) => {
    expect(readSimpleYaml(text)).toBeUndefined();
  });
});

describe('readSimpleRulesFile', () => {
  it('reads a plain valid file as readRulesFile does', () => {
    for (const text of [plain[0] as string, plain[1] as string]) {
      expect(readSimpleRulesFile(text)).toEqual(readRulesFile(text, 'rules.yml'));
    }
  });

  it('leaves a problem, an sl file and JSON to readRulesFile, which names the line', () => {
    const problems = [
      'rules:\n  - id: a\n    tags:\n      severity: [urgent]\n', // an unknown severity
      'rules:\n  - id: a\n  - id: a\n', // a duplicate id
      'rules:\n  - id: a\n    tag:\n      severity: [high]\n', // an unknown key
      'rules:\n  - tags:\n      severity: [high]\n', // no id
    ];
    for (const text of problems) {
      expect(readSimpleRulesFile(text)).toBeUndefined();
      expect(() => readRulesFile(text, 'rules.yml')).toThrow(/^rules\.yml:\d+: /);
    }
    expect(readSimpleRulesFile('build_rules:\n  - id: a\n    finding_types: [vuln]\n')).toBeUndefined();
    expect(readSimpleRulesFile('{"rules": []}', true)).toBeUndefined();
  });
});
