import { UsageError } from '../errors.js';

/**
 * Repeated flags that may also hold comma-separated values: `--scope a --scope b,c`. With `flag`, an empty
 * item (`--add ""`, `--add a,,b`) is a usage error: dropped, it would silently change nothing.
 */
export function splitList(values: readonly string[] | undefined, flag?: string): string[] {
  const items = (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim());
  if (flag !== undefined && items.some((v) => v === '')) {
    const given = (values ?? []).find((v) => v.split(',').some((p) => p.trim() === '')) ?? '';
    throw new UsageError(`invalid value for ${flag}: ${JSON.stringify(given)} (an empty item)`);
  }
  return items.filter(Boolean);
}
