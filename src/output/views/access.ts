import type { ChalkInstance } from 'chalk';
import { yamlText } from '../base/yaml.js';
import { sanitize } from '../../streams/sanitize.js';
import { defineView } from '../core/view.js';
import type { OutputWriter } from '../core/writer.js';
import type { AccessChange } from '../../access/plan.js';

export const accessChangeView = defineView<AccessChange>({
  columns: [
    { key: 'team', header: 'TEAM' },
    { key: 'action', header: 'ACTION' },
    { key: 'what', header: 'WHAT' },
    { key: 'target', header: 'TARGET' },
    { key: 'from', header: 'FROM', priority: 3 },
    { key: 'to', header: 'TO', priority: 2 },
    { key: 'status', header: 'STATUS' },
  ],
});

const marks: Record<AccessChange['action'], string> = {
  create: '+',
  add: '+',
  delete: '-',
  remove: '-',
  change: '~',
  rename: '~',
  move: '>',
};

/** One change as a line of the plan: `+ member dev@example.com (TEAM_MEMBER)`. */
export function changeLine(c: AccessChange): string {
  const target = sanitize(c.target);
  switch (c.action) {
    case 'create':
    case 'delete':
      return `${marks[c.action]} ${c.action} team ${target}`;
    case 'rename':
      return `~ rename team ${sanitize(c.from ?? '')} to ${target}`;
    case 'move':
      return `> move app ${target} from team ${sanitize(c.from ?? '')}`;
    case 'change':
      return `~ ${c.what} ${target}: ${sanitize(c.from ?? '')} -> ${sanitize(c.to ?? '')}`;
    default: {
      const role = c.to ?? c.from;
      return `${marks[c.action]} ${c.what} ${target}${role ? ` (${sanitize(role)})` : ''}`;
    }
  }
}

/** The plan for people: each team, then its changes indented, coloured by kind. */
export function planText(changes: readonly AccessChange[], chalk: ChalkInstance): string {
  const colour = (c: AccessChange, text: string) =>
    marks[c.action] === '+'
      ? chalk.green(text)
      : marks[c.action] === '-'
        ? chalk.red(text)
        : chalk.yellow(text);
  const lines: string[] = [];
  let team: string | undefined;
  for (const c of changes) {
    if (c.team !== team) {
      team = c.team;
      lines.push(chalk.bold(`team ${sanitize(c.team)}`));
    }
    const suffix = c.status === 'not applied' || c.status === 'unknown' ? chalk.dim(` (${c.status})`) : '';
    lines.push(`  ${colour(c, changeLine(c))}${suffix}`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** The access file as YAML, with a comment saying how to apply it (its JSON is the object itself). */
export function renderAccessFile(doc: Record<string, unknown>) {
  return async (out: OutputWriter): Promise<void> => {
    await out.write('# Teams, their apps, members and groups: edit, then `secscan teams apply FILE`.\n');
    await out.write(await yamlText(doc));
  };
}
