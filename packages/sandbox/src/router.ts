import { compilePath, type Operation } from '@secscan/api/operation';

interface Route {
  op: Operation;
  regex: RegExp;
  names: string[];
}

export type Match =
  | { kind: 'found'; op: Operation; params: Record<string, string> }
  | { kind: 'method'; allowed: string[] }
  | { kind: 'bad-path' }
  | { kind: 'none' };

export type Router = (method: string, rawPath: string) => Match;

/**
 * A router built only from the operations table. Templates with fewer parameters are tried first, so a
 * literal segment (`/apps/branches`) wins over a parameter (`/apps/{appID}`).
 */
export function createRouter(operations: readonly Operation[]): Router {
  const routes: Route[] = operations
    .map((op) => ({ op, ...compilePath(op.path) }))
    .sort((a, b) => a.names.length - b.names.length);
  return (method, rawPath) => {
    const allowed: string[] = [];
    for (const route of routes) {
      // Matched on the still-encoded path: an encoded '/' inside an id never splits a segment.
      const m = route.regex.exec(rawPath);
      if (!m) continue;
      if (route.op.method !== method) {
        allowed.push(route.op.method);
        continue;
      }
      const params: Record<string, string> = {};
      try {
        route.names.forEach((name, i) => {
          params[name] = decodeURIComponent(m[i + 1] as string);
        });
      } catch {
        return { kind: 'bad-path' };
      }
      return { kind: 'found', op: route.op, params };
    }
    return allowed.length ? { kind: 'method', allowed: [...new Set(allowed)] } : { kind: 'none' };
  };
}
