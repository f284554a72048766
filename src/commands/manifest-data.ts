import type { Manifest } from './manifest.js';

let manifest: Promise<Manifest> | undefined;

/**
 * The command tree: the program's help and options, and every noun with (at least) the nouns named in
 * `nouns` in full, by name or alias; without `nouns`, every noun in full. In the bundle the build replaces
 * this module with the manifest it wrote, one chunk per noun, so a run reads only the noun it names (the
 * others are stubs: kind, name, aliases, summary). From source (tests, the build itself) the whole tree is
 * read from the declarations.
 */
export function loadManifest(nouns?: readonly string[]): Promise<Manifest> {
  void nouns;
  manifest ??= import('./manifest.js').then((m) => m.buildManifest());
  return manifest;
}
