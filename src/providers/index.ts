import type { Provider, ProviderName } from './types.js';

/** Each provider is one file; this is the one line that lists it (in the order the CI is looked for). */
const loaders: Record<ProviderName, () => Promise<Provider>> = {
  github: async () => (await import('./github.js')).github,
  gitlab: async () => (await import('./gitlab.js')).gitlab,
  azure: async () => (await import('./azure.js')).azure,
  bitbucket: async () => (await import('./bitbucket.js')).bitbucket,
};

export function loadProvider(name: ProviderName): Promise<Provider> {
  return loaders[name]();
}

/** The provider whose CI this is, or undefined outside any of them. */
export async function detectProvider(env: NodeJS.ProcessEnv): Promise<Provider | undefined> {
  for (const load of Object.values(loaders)) {
    const provider = await load();
    if (provider.here(env)) return provider;
  }
  return undefined;
}
