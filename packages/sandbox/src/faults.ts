import { allOperations } from '@secscan/api/operations';
import { FaultRule } from '@secscan/api/sandbox-control';
import { SandboxError } from './errors.js';
import { error, type Reply } from './http.js';

/** The service's codes for the statuses a fault answers most (the others: `HTTP_<status>`). */
const codes: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
  507: 'INSUFFICIENT_STORAGE',
};

const operationIds = new Set(allOperations.map((op) => op.id));
const framing = new Set(['content-length', 'transfer-encoding', 'connection', 'content-type']);

/** The problems of a rule: its shape, and an operation the table does not have. */
function problems(raw: unknown): string[] {
  const parsed = FaultRule.safeParse(raw);
  if (!parsed.success) {
    return parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  }
  const { operation, headers = {} } = parsed.data;
  const found: string[] = [];
  if (operation !== undefined && !operationIds.has(operation))
    found.push(`operation: no operation ${operation} in the table`);
  // The sandbox frames the answer: a length or an encoding of the rule's would break the connection.
  for (const name of Object.keys(headers)) {
    if (framing.has(name.toLowerCase())) found.push(`headers.${name}: the sandbox sets it`);
  }
  return found;
}

/** Rules checked: the problems of each, named by its place (`rules.1.status: ...`). */
export function checkRules(raw: readonly unknown[], where: (i: number) => string): string[] {
  return raw.flatMap((rule, i) => problems(rule).map((p) => `${where(i)}: ${p}`));
}

/**
 * `--fault RULE` (repeatable), each a JSON object, or `faults` of `startSandbox()` (objects): the rules, or a
 * usage error naming the flag and the problem.
 */
export function parseFaults(flag: string, values: unknown): FaultRule[] {
  if (values === undefined) return [];
  const list = Array.isArray(values) ? values : [values];
  return list.map((value) => {
    let rule: unknown = value;
    if (typeof value === 'string') {
      try {
        rule = JSON.parse(value);
      } catch {
        throw new SandboxError(
          'usage',
          `invalid value for ${flag}: ${JSON.stringify(value)} (expected a JSON object, e.g. {"operation":"ListApps","status":429,"headers":{"Retry-After":"86400"}})`,
        );
      }
    }
    const found = problems(rule);
    if (found.length) throw new SandboxError('usage', `invalid value for ${flag}: ${found.join('; ')}`);
    return FaultRule.parse(rule);
  });
}

interface Kept {
  rule: FaultRule;
  seen: number;
  taken: number;
}

/**
 * The fault rules of a server: each API request takes the first rule that matches its operation and has
 * requests left (after `after` matching ones let through, `times` at most); none, it is served as usual.
 */
export class Faults {
  private rules: Kept[] = [];

  constructor(rules: readonly FaultRule[] = []) {
    this.set(rules);
  }

  /** Replaces the rules (their counts start afresh). */
  set(rules: readonly FaultRule[]): void {
    this.rules = rules.map((rule) => ({ rule, seen: 0, taken: 0 }));
  }

  get active(): boolean {
    return this.rules.length > 0;
  }

  /** The rules in place, with the matching requests each has seen and those it took. */
  list(): (FaultRule & { seen: number; taken: number })[] {
    return this.rules.map(({ rule, seen, taken }) => ({ ...rule, seen, taken }));
  }

  /** The rule a request of `operation` takes (counted), or undefined: served as usual. */
  take(operation: string | undefined): FaultRule | undefined {
    for (const kept of this.rules) {
      const { rule } = kept;
      if (rule.operation !== undefined && rule.operation !== operation) continue;
      if (rule.times !== undefined && kept.taken >= rule.times) continue;
      kept.seen++;
      if (kept.seen <= (rule.after ?? 0)) continue;
      kept.taken++;
      return rule;
    }
    return undefined;
  }
}

/** The answer of a rule with a status: the service's error envelope, with the rule's headers. */
export function faultReply(rule: FaultRule & { status: number }): Reply {
  const reply = error(
    rule.status,
    rule.code ?? codes[rule.status] ?? `HTTP_${rule.status}`,
    rule.message ?? 'injected fault',
  );
  return { ...reply, headers: { ...reply.headers, ...rule.headers } };
}

/** `base` with `extra` over it, names compared in any case (a rule's `X-RateLimit-Remaining` replaces the limiter's). */
export function withHeaders(
  base: Readonly<Record<string, string | number>>,
  extra: Readonly<Record<string, string>> | undefined,
): Record<string, string | number> {
  if (!extra) return { ...base };
  const replaced = new Set(Object.keys(extra).map((name) => name.toLowerCase()));
  const kept = Object.entries(base).filter(([name]) => !replaced.has(name.toLowerCase()));
  return { ...Object.fromEntries(kept), ...extra };
}
