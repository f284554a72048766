import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exitCodesHelp } from '../../src/main.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const contractPath = 'shared/design/cli-contract.md';
/** Beside the repository, or beside a directory above it (a worktree), as the vendor document is found. */
const contractFile = [resolve(repo, '..', contractPath), resolve(repo, '..', '..', contractPath)].find((f) =>
  existsSync(f),
);
if (!contractFile)
  console.warn(
    `test/docs exit codes: the contract is absent (${contractPath}); only the reference and help are compared`,
  );

/** The rows of the first Markdown table after `heading`: code to meaning. */
function tableAfter(markdown: string, heading: RegExp): [string, string][] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => heading.test(l));
  const rows: [string, string][] = [];
  for (const line of lines.slice(start + 1)) {
    const row = /^\|\s*(\d+)\s*\|\s*(.*?)\s*\|$/.exec(line);
    if (row) rows.push([row[1] as string, row[2] as string]);
    else if (rows.length && !line.startsWith('|')) break;
  }
  return rows;
}

/** Markdown's code marks, which a terminal shows as they are. */
const plain = (rows: [string, string][]): [string, string][] =>
  rows.map(([c, m]) => [c, m.replace(/`/g, '')]);

/** The help's rows: `  CODE  text`, the text wrapped onto lines indented past the code column. */
const helpRows = (): [string, string][] => {
  const rows: [string, string][] = [];
  for (const line of exitCodesHelp.split('\n')) {
    const row = /^ {2}(\d+)\s+(.*)$/.exec(line);
    const last = rows[rows.length - 1];
    if (row) rows.push([row[1] as string, row[2] as string]);
    else if (last && /^ {3,}\S/.test(line)) last[1] += ` ${line.trim()}`;
  }
  return rows;
};

describe('exit codes: the reference and `secscan help exit-codes` say what the contract says', () => {
  const reference = readFileSync(resolve(repo, 'docs/reference/exit-codes.md'), 'utf8');
  const table = tableAfter(reference, /^# Exit codes$/);

  it('the reference table (generated from the help) and the help list the same codes with the same words', () => {
    expect(table.length).toBeGreaterThan(10);
    expect(helpRows()).toEqual(table.map(([c, m]) => [c, m.replace(/\\\|/g, '|')]));
  });

  it('the README names every code, in one line, and links the table', () => {
    const readme = readFileSync(resolve(repo, 'README.md'), 'utf8');
    const section = readme.slice(
      readme.indexOf('## Exit codes'),
      readme.indexOf('\n## ', readme.indexOf('## Exit codes') + 5),
    );
    for (const [code] of table) expect(section).toMatch(new RegExp(`(^|\\D)${code}(\\D|$)`));
    expect(section).toContain('(docs/reference/exit-codes.md)');
    expect(section).toContain('A gate fails closed');
  });

  it('has a row for every code secscan exits with, in order', async () => {
    const { ExitCode } = await import('../../src/errors.js');
    const codes = [...new Set(Object.values(ExitCode))].sort((a, b) => a - b).map(String);
    expect(table.map(([code]) => code)).toEqual(codes);
  });

  (contractFile ? it : it.skip)(
    'both match the contract’s table (its code marks aside) and its fail-closed sentence',
    () => {
      const contract = readFileSync(contractFile as string, 'utf8');
      // The contract's 130 row names 143 too (`interrupted (SIGINT); 143 for SIGTERM`): a row each here.
      const rows = plain(tableAfter(contract, /^## Exit codes/)).flatMap(
        ([code, meaning]): [string, string][] => {
          const also = /^(.*); (\d+) for (\w+)$/.exec(meaning);
          return also
            ? [
                [code, also[1] as string],
                [also[2] as string, `terminated (${also[3]})`],
              ]
            : [[code, meaning]];
        },
      );
      // What issue 47 adds to the contract's rows: 1 for ignores lint too, and webhook verify's own 12.
      const added: Record<string, string> = {
        '1': '; ignores lint found a problem in the ignore file',
        '12': "stale (webhook verify only): the delivery's signature holds but its timestamp is outside the tolerance",
      };
      const expected = [...rows, ['12', ''] as [string, string]]
        .map(([code, meaning]): [string, string] => [code, `${meaning}${added[code] ?? ''}`])
        .sort(([a], [b]) => Number(a) - Number(b));
      expect(table).toEqual(expected);
      const sentence = /A gate fails closed:[^.]*\./.exec(contract.replace(/\s+/g, ' '))?.[0];
      expect(sentence).toBeDefined();
      expect(exitCodesHelp.replace(/\s+/g, ' ')).toContain(sentence?.replace(/`/g, ''));
    },
  );
});

describe('exit 2 and the requests before it', () => {
  it('the one read a usage error may follow is stated in the help, the reference, the guide and the commands that make it', async () => {
    const page = (path: string) =>
      readFileSync(resolve(repo, path), 'utf8').replace(/\s+/g, ' ').replace(/`/g, '');
    const help = exitCodesHelp.replace(/\s+/g, ' ');
    for (const text of [help, page('docs/reference/exit-codes.md'), page('docs/guide/terminal.md')]) {
      expect(text).toContain('A usage error (2) sends no request, with one exception');
      expect(text).toContain('roles create and roles update read the scopes the organization offers');
    }
    const { default: create } = await import('../../src/commands/roles/create.js');
    const { default: update } = await import('../../src/commands/roles/update.js');
    for (const verb of [create, update]) {
      expect(verb.description?.replace(/\s+/g, ' ')).toContain(
        'against one read of the scopes the organization offers',
      );
    }
  });
});
