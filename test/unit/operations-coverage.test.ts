import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allOperations, hiddenOperations } from '../../src/api/operations/index.js';

const commandsDir = fileURLToPath(new URL('../../src/commands', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('the operations table', () => {
  const code = sources(commandsDir).join('\n');

  it.each(allOperations.map((op) => [op.id]))('%s is called by a command or hidden with a reason', (id) => {
    const called = new RegExp(`operations\\.${id}\\b|['"]${id}['"]`).test(code);
    const reason = hiddenOperations[id];
    if (reason !== undefined) {
      expect(reason.trim().length, `hidden ${id} needs a reason`).toBeGreaterThan(10);
      expect(called, `${id} is hidden but a command calls it`).toBe(false);
    } else {
      expect(called, `no command calls ${id}: add one, or list it in hiddenOperations with the reason`).toBe(
        true,
      );
    }
  });

  it('has unique method and path pairs', () => {
    const keys = allOperations.map((op) => `${op.method} ${op.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
