import { arch, platform } from 'node:os';
import { isSea } from 'node:sea';
import { readPackageFile } from './paths.js';

/** What the build recorded of its source (scripts/build.mjs writes dist/build.json). */
interface BuiltFrom {
  commit: string | null;
  changed: boolean;
}

const platformName = (os: string) => (os === 'win32' ? 'win' : os);

/**
 * `secscan --version --verbose`: the version, the commit it was built from, and the Node.js it runs on
 * (inside the single executable, or which one on the machine), as gh and trivy name theirs.
 */
export async function verboseVersion(version: string): Promise<string> {
  let built: BuiltFrom = { commit: null, changed: false };
  try {
    built = JSON.parse(await readPackageFile('dist/build.json')) as BuiltFrom;
  } catch {
    // A build older than the record, or a source tree run as it is: the commit is unknown.
  }
  const commit =
    built.commit === null
      ? 'unknown (not built from a git checkout)'
      : `${built.commit}${built.changed ? ' (with changes not committed)' : ''}`;
  const runtime = isSea() ? 'inside the executable' : process.execPath;
  return (
    `secscan ${version}\n` +
    `commit ${commit}\n` +
    `Node.js ${process.version} (${platformName(platform())}-${arch()}, ${runtime})\n`
  );
}
