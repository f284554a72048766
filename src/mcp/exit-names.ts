import { ExitCode, exitCodeFor } from '../errors.js';

/** The name of each exit code, as a tool's error states it (`not_found`, `refused`, `not_ready`...). */
const names = {
  ok: 'ok',
  gateFailed: 'gate_failed',
  usage: 'usage',
  config: 'config',
  auth: 'refused',
  notFound: 'not_found',
  rejected: 'rejected',
  transient: 'transient',
  unexpected: 'unexpected',
  busy: 'busy',
  notReady: 'not_ready',
  scanFailed: 'scan_failed',
  stale: 'stale',
  interrupted: 'interrupted',
  terminated: 'terminated',
} as const satisfies Record<keyof typeof ExitCode, string>;

const byCode = new Map<number, string>(
  Object.entries(ExitCode).map(([key, code]) => [code, names[key as keyof typeof ExitCode]]),
);

/** The exit code an error would end a command with, and its name. */
export function exitOf(error: unknown): { code: number; name: string } {
  const code = exitCodeFor(error);
  return { code, name: byCode.get(code) ?? 'unexpected' };
}
