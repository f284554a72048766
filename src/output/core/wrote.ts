import { humanBytes } from '../../streams/progress.js';
import { plural } from '../../util/plural.js';

/**
 * The one notice every command that writes a file prints: `Wrote shop.sarif (34.1 KiB).`, with what the
 * file holds when the command counts it (`Wrote sbom.cdx.json (4.3 KiB): 7 packages, 3 vulnerabilities.`).
 */
export function wroteNotice(path: string, bytes: number, holds?: string): string {
  return `Wrote ${path} (${humanBytes(bytes)})${holds ? `: ${holds}` : ''}.`;
}

/** Files written into a directory: `Wrote 12 files to ./java-demo.` */
export function wroteFilesNotice(count: number, dir: string): string {
  return `Wrote ${plural(count, 'file')} to ${dir}.`;
}
