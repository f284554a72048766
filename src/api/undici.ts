import type { SecureContext } from 'node:tls';
import { type Dispatcher, EnvHttpProxyAgent } from 'undici';

/**
 * Keep-alive connections; HTTPS_PROXY, HTTP_PROXY and NO_PROXY from the environment; `secureContext` (the
 * CAs trusted, built once) for every connection to the service, direct or through a proxy. undici's public
 * API; in the bundle its entry holds only the agent and the request API (scripts/build.mjs, slim-undici:
 * its full index also loads fetch, WebSocket, caches and mocks, ~60 ms and 20 MB a run).
 */
export function createAgent(options: { secureContext?: SecureContext } = {}): Dispatcher {
  const { secureContext } = options;
  const tls = secureContext ? { connect: { secureContext }, requestTls: { secureContext } } : {};
  return new EnvHttpProxyAgent({ keepAliveTimeout: 10_000, connections: 8, ...tls });
}
