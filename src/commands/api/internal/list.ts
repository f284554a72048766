import { allOperations } from '@secscan/api/operations';
import type { CommandNode } from '../../../context.js';

export type OperationListing = {
  id: string;
  method: string;
  path: string;
  scopes: string[];
  /** The commands that call the operation (`secscan tokens list`); none when only `secscan api` reaches it. */
  commands: string[];
  summary: string;
};

const methodOrder = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every operation of the table, by path, with the commands of the tree (the manifest) that call it. */
export function operationListing(tree: { commands: readonly CommandNode[] }): OperationListing[] {
  const covering = new Map<string, string[]>();
  const visit = (entries: readonly CommandNode[], words: string[]): void => {
    for (const entry of entries) {
      const command = [...words, entry.name];
      for (const id of entry.operations ?? []) {
        covering.set(id, [...(covering.get(id) ?? []), command.join(' ')]);
      }
      visit(entry.commands ?? [], command);
    }
  };
  visit(tree.commands, ['secscan']);
  return allOperations
    .map((op) => ({
      id: op.id,
      method: op.method,
      path: op.path,
      scopes: [...op.scopes],
      commands: covering.get(op.id) ?? [],
      summary: op.summary,
    }))
    .sort(
      (a, b) => a.path.localeCompare(b.path) || methodOrder.indexOf(a.method) - methodOrder.indexOf(b.method),
    );
}
