// undici's own modules, imported one by one (src/api/undici.ts); their types are the package's.
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const Dispatcher: { prototype: object };
  export default Dispatcher;
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  const EnvHttpProxyAgent: new (
    options: import('undici').EnvHttpProxyAgent.Options,
  ) => import('undici').Dispatcher;
  export default EnvHttpProxyAgent;
}
declare module 'undici/lib/api/index.js' {
  const api: object;
  export default api;
}
