import { humanBytes } from '../../streams/progress.js';

/**
 * The one notice every command that writes a file prints: `Wrote shop.sarif (34.1 KiB).`, with what the
 * file holds when the command counts it (`Wrote sbom.cdx.json (4.3 KiB): 7 packages, 3 vulnerabilities.`).
 */
export function wroteNotice(path: string, bytes: number, holds?: string): string {
  return `Wrote ${path} (${humanBytes(bytes)})${holds ? `: ${holds}` : ''}.`;
}

/** Files written into a directory: `Wrote 12 files to ./java-demo.` */
export function wroteFilesNotice(count: number, dir: string): string {
  return `Wrote ${counted(count, 'file', 'files')} to ${dir}.`;
}

/** `1 package`, `7 packages`; `1 vulnerability`, `3 vulnerabilities`. */
export function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
