import type { SecureContext } from 'node:tls';
import type { Dispatcher as DispatcherType } from 'undici';
// undici's index also loads fetch, WebSocket, caches and mocks, which a command never uses (~60 ms and
// 20 MB a run): the client takes the agent and the request API one module at a time.
import Dispatcher from 'undici/lib/dispatcher/dispatcher.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import api from 'undici/lib/api/index.js';

Object.assign(Dispatcher.prototype, api);

/**
 * Keep-alive connections; HTTPS_PROXY, HTTP_PROXY and NO_PROXY from the environment; `secureContext` (the
 * CAs trusted, built once) for every connection to the service, direct or through a proxy.
 */
export function createAgent(options: { secureContext?: SecureContext } = {}): DispatcherType {
  const { secureContext } = options;
  const tls = secureContext ? { connect: { secureContext }, requestTls: { secureContext } } : {};
  return new EnvHttpProxyAgent({ keepAliveTimeout: 10_000, connections: 8, ...tls }) as DispatcherType;
}
