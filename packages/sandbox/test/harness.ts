import { afterAll, beforeAll } from 'vitest';
import { fillPath } from '@secscan/api/operation';
import { type OperationId, operations } from '@secscan/api/operations';
import { type Sandbox, type StartOptions, startSandbox } from '../src/start.js';

export interface Answer {
  status: number;
  body: unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON answers.
  json: any;
}

/** Starts a sandbox for the enclosing describe block; `current()` returns it. */
export function useSandbox(options: StartOptions = {}): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, ...options });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('the sandbox is not started');
    return sandbox;
  };
}

export async function request(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown; rawBody?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? sandbox.token : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${sandbox.baseUrl}/api/v4${path}`, { method, headers, body });
  const text = await res.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  return { status: res.status, body: parsed, json: parsed };
}

/** Calls an operation of the table by id, filling `orgID` with the sandbox's organization. */
export function call(
  sandbox: Sandbox,
  id: OperationId,
  options: {
    params?: Record<string, string>;
    query?: string;
    token?: string | null;
    body?: unknown;
    rawBody?: string;
  } = {},
): Promise<Answer> {
  const op = operations[id];
  const path = fillPath(op.path, { orgID: sandbox.orgId, ...options.params });
  return request(sandbox, op.method, `${path}${options.query ? `?${options.query}` : ''}`, options);
}

export function userToken(sandbox: Sandbox, role: string): string {
  const user = sandbox.accounts.users.find((u) => u.role === role);
  if (!user) throw new Error(`no seeded user has the role ${role}`);
  return user.token;
}

export function orgToken(sandbox: Sandbox, name: string): string {
  const token = sandbox.accounts.tokens[name];
  if (!token) throw new Error(`no seeded org token ${name}`);
  return token;
}
