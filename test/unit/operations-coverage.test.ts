import { beforeAll, describe, expect, it } from 'vitest';
import { allOperations, hiddenOperations, isOperationId } from '@secscan/api/operations';
import { buildManifest, walk } from '../../src/commands/manifest.js';

/** Every operationId the verbs declare, with the commands declaring it. */
async function declaredOperations(): Promise<Map<string, string[]>> {
  const declared = new Map<string, string[]>();
  for (const { words, entry } of walk((await buildManifest()).commands)) {
    for (const id of entry.operations ?? []) declared.set(id, [...(declared.get(id) ?? []), words.join(' ')]);
  }
  return declared;
}

describe('the operations table', () => {
  let declared: Map<string, string[]>;

  beforeAll(async () => {
    declared = await declaredOperations();
  });

  it.each(allOperations.map((op) => [op.id]))('%s is declared by a verb or hidden with a reason', (id) => {
    const reason = hiddenOperations[id as keyof typeof hiddenOperations];
    const verbs = declared.get(id);
    if (reason !== undefined) {
      expect(reason.trim().length, `hidden ${id} needs a reason`).toBeGreaterThan(10);
      expect(
        verbs,
        `${id} is hidden but ${verbs?.join(', ')} declares it: drop it from hiddenOperations`,
      ).toBe(undefined);
    } else {
      expect(
        verbs,
        `no verb declares ${id} in its operations: add a command, or list it in hiddenOperations with the reason`,
      ).toBeDefined();
    }
  });

  it('names the command and the issue of an operation reachable only through `secscan api`', () => {
    for (const [id, reason] of Object.entries(hiddenOperations)) {
      if (!reason.startsWith('reachable through')) continue;
      expect(reason).toMatch(
        new RegExp(`^reachable through \`secscan api ${id}\`; its command comes with issue \\d+$`),
      );
    }
  });

  it('hides only operations of the table, and verbs declare only operations of the table', () => {
    expect(Object.keys(hiddenOperations).filter((id) => !isOperationId(id))).toEqual([]);
    expect([...declared.keys()].filter((id) => !isOperationId(id))).toEqual([]);
  });

  it('has unique method and path pairs', () => {
    const keys = allOperations.map((op) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
