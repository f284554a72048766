import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Loader } from '../../../src/commands/define.js';
import { buildManifest, walk } from '../../../src/commands/manifest.js';
import { nouns } from '../../../src/commands/registry.js';
import { repoRoot, sourceFiles } from '../../helpers/imports.js';

/**
 * A noun's folder holds its verbs and its index (and those of its groups); every other module sits in an
 * `internal/` folder (or src/commands/shared/), so `ls src/commands/NOUN` lists exactly its commands.
 */
const nounFiles = sourceFiles(['src/commands'])
  .map((f) => relative(repoRoot, f))
  .filter((f) => /^src\/commands\/(?!shared\/)[\w-]+\//.test(f) && !/\/internal\//.test(f));

describe('src/commands/<noun>/', () => {
  it('holds only verbs and indexes outside internal/', async () => {
    const others: string[] = [];
    for (const file of nounFiles) {
      const kind = (
        (await import(pathToFileURL(`${repoRoot}/${file}`).href)) as { default?: { kind?: string } }
      ).default?.kind;
      const index = file.endsWith('/index.ts');
      if (!(kind === 'verb' || (kind === 'group' && index))) others.push(`${file}: ${kind ?? 'no command'}`);
    }
    expect(others).toEqual([]);
  });

  it('has a command of the tree for each of those modules (none left out of its noun)', async () => {
    // The modules the tree loads, from the registry's nouns down: a module none of them loads is named.
    const reached = new Set<unknown>();
    const visit = async (loaders: readonly Loader[]): Promise<void> => {
      for (const loader of loaders) {
        const command = (await loader()).default;
        reached.add(command);
        await visit(command.commands ?? []);
      }
    };
    await visit(nouns);
    const orphans: string[] = [];
    for (const file of nounFiles) {
      const command = ((await import(pathToFileURL(`${repoRoot}/${file}`).href)) as { default?: unknown })
        .default;
      if (!reached.has(command)) orphans.push(`${file}: listed by no index.ts of its noun`);
    }
    expect(orphans).toEqual([]);
    expect(walk((await buildManifest()).commands)).toHaveLength(nounFiles.length);
  });
});
