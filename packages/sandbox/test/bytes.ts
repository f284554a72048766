import { fillPath } from '@secscan/api/operation';
import { type OperationId, operations } from '@secscan/api/operations';
import type { Sandbox } from '../src/start.js';

export interface Raw {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/** An operation's answer as bytes, with the request headers given (a Range). */
export async function raw(
  sandbox: Sandbox,
  id: OperationId,
  options: { params?: Record<string, string>; query?: string; headers?: Record<string, string> } = {},
): Promise<Raw> {
  const path = fillPath(operations[id].path, { orgID: sandbox.orgId, ...options.params });
  const res = await fetch(`${sandbox.baseUrl}/api/v4${path}${options.query ? `?${options.query}` : ''}`, {
    headers: { authorization: `Bearer ${sandbox.token}`, ...options.headers },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The names and contents of a tar archive's files. */
export function untar(tar: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    if (!name) break;
    const size = Number.parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, ''), 8);
    files.set(name, tar.subarray(at + 512, at + 512 + size));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}
