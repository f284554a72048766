type Yaml = typeof import('yaml');

/**
 * The yaml package, loaded on first use (only `-o yaml` and settings files need it). In the bundle a
 * dynamic import of this CommonJS package yields `{default: module}` (esbuild's chunk), from source the
 * named exports: take either.
 */
export async function loadYaml(): Promise<Yaml> {
  const mod = (await import('yaml')) as Yaml & { default?: Yaml };
  return mod.default ?? mod;
}
