import { environment } from './environment.js';
import { exitCodesHelp } from './exit-codes.js';
import type { Block } from './text.js';

export interface Topic {
  name: string;
  summary: string;
  /** The man page section the topic becomes (its title in capitals). */
  section: string;
  blocks(): Promise<Block[]>;
}

/** The exit-code table as terms (continuation lines joined), with the sentences around it. */
export function exitCodeBlocks(text = exitCodesHelp): Block[] {
  const blocks: Block[] = [];
  const items: [string, string][] = [];
  const prose: string[] = [];
  for (const line of text.trimEnd().split('\n')) {
    const row = /^\s+(\d+)\s+(.*)$/.exec(line);
    const more = /^\s{4,}(\S.*)$/.exec(line);
    if (row) items.push([row[1] as string, row[2] as string]);
    else if (more && items.length) items[items.length - 1]![1] += ` ${more[1]}`;
    else if (line.endsWith(':') && !items.length) blocks.push({ kind: 'paragraph', text: line });
    else prose.push(line.trim());
  }
  blocks.push({ kind: 'terms', items });
  if (prose.length) blocks.push({ kind: 'paragraph', text: prose.join(' ') });
  return blocks;
}

async function rulesBlocks(): Promise<Block[]> {
  const { ruleTagKeys } = await import('@secscan/api/rules/rules-file');
  const { findingTypes, severities } = await import('@secscan/api/values');
  return [
    {
      kind: 'paragraph',
      text:
        '`secscan scans check --rules FILE` reads a rules file: YAML (or JSON when the name ends in .json; ' +
        '`-` reads standard input) holding `rules:`, a list of rules in the shape the service evaluates. ' +
        'A stored check-analysis policy (`--policy NAME[:TAG]`) holds the same format.',
    },
    {
      kind: 'terms',
      items: [
        ['id', 'The rule name shown in the verdict (required, unique in the file).'],
        [
          'tags',
          'What a finding must have to match: for every key, one of the listed values. ' +
            `Keys: ${ruleTagKeys.join(', ')}.`,
        ],
        ['threshold', 'The rule fails when more findings than this match (default 0).'],
        ['num_findings', 'How many matched findings the verdict lists, 0 to 100 (default 5).'],
        ['version', 'Optional; 2 when given.'],
      ],
    },
    {
      kind: 'paragraph',
      text:
        `Severities: ${[...severities].reverse().join(', ')}. Finding types: ${findingTypes.join(', ')}. ` +
        'Unknown keys, severities and types are refused with the file, line and reason (exit 3) before ' +
        'any request, because a misspelt rule would match nothing and pass.',
    },
    {
      kind: 'literal',
      lines: [
        '# .secscan/rules.yml',
        'rules:',
        '  - id: no-new-critical',
        '    tags:',
        '      severity: [critical]',
        '    threshold: 0',
        '  - id: few-new-high',
        '    tags:',
        '      severity: [high]',
        '    threshold: 2',
      ],
    },
    {
      kind: 'paragraph',
      text:
        'With --kind diff (the default) only the findings the baseline scan did not have are counted; ' +
        'with --kind single, all the findings of the scan. Exit 0 when no rule is over its threshold, 1 when ' +
        'one is; any other code means the gate was not evaluated.',
    },
  ];
}

const environmentBlocks = (): Block[] => [
  { kind: 'paragraph', text: 'Settings come from flags, then these variables, then the profile.' },
  { kind: 'terms', items: environment.map(([name, text]) => [name, text]) },
];

export const topics: readonly Topic[] = [
  {
    name: 'exit-codes',
    summary: 'What each exit status means (stable, for scripts)',
    section: 'EXIT STATUS',
    blocks: async () => exitCodeBlocks(),
  },
  {
    name: 'environment',
    summary: 'The environment variables secscan reads',
    section: 'ENVIRONMENT',
    blocks: async () => environmentBlocks(),
  },
  {
    name: 'formatting',
    summary: 'Output formats, --fields, table width and colour',
    section: 'OUTPUT',
    // Its lists come from the formats' records, loaded only when the topic is read.
    blocks: async () => (await import('./formatting.js')).formattingBlocks(),
  },
  {
    name: 'rules',
    summary: 'The rules file of scans check --rules',
    section: 'RULES FILES',
    blocks: rulesBlocks,
  },
];
