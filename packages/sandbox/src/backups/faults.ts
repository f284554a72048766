import { SandboxError } from '../errors.js';

/**
 * The wrong answers a backup download can give a client resuming it (`--backup-faults`): a 206 of the bytes
 * as they are now whatever If-Range says, no Repr-Digest to check the whole file against, a 206 starting a
 * MiB before the byte asked for, a 206 whose Content-Range gives a total one byte longer than the file.
 */
export const backupFaults = ['ignore-if-range', 'no-digest', 'shift-range', 'other-total'] as const;
export type BackupFault = (typeof backupFaults)[number];

/** `ignore-if-range,no-digest` (or a list): faults of `backupFaults`, each named once. */
export function parseBackupFaults(
  flag: string,
  value: string | number | undefined | readonly string[],
): BackupFault[] {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return [];
  const names = (Array.isArray(value) ? value : String(value).split(',')).map((n) => String(n).trim());
  const unknown = names.filter((n) => !(backupFaults as readonly string[]).includes(n));
  if (unknown.length || names.length === 0) {
    throw new SandboxError(
      'usage',
      `invalid value for ${flag}: ${JSON.stringify(Array.isArray(value) ? value.join(',') : String(value))} (expected faults from ${backupFaults.join(', ')}, separated by commas)`,
    );
  }
  return backupFaults.filter((f) => names.includes(f));
}
