import { shortVersion } from '../util/short-version.js';

/** The scan under test, as the user named it (`--scan`, `--version`, `--tag`). */
export type Selector =
  | { kind: 'scan'; id: string }
  | { kind: 'version'; version: string }
  | { kind: 'tag'; key: string; value: string };

/** How messages name the scan under test: `the scan of 4f2a9c1`, `scan 1042`, `the scan tagged k=v`. */
export function describeSelector(selector: Selector): string {
  switch (selector.kind) {
    case 'scan':
      return `scan ${selector.id}`;
    case 'version':
      return `the scan of ${shortVersion(selector.version)}`;
    case 'tag':
      return `the scan tagged ${selector.key}=${selector.value}`;
  }
}
