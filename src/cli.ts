import { main } from './main.js';
import { readPackageFileSync } from './paths.js';

export { main };

/** The process entry of the bundle: real streams and environment. */
export async function run(argv: string[]): Promise<number> {
  const { version } = JSON.parse(readPackageFileSync('package.json')) as {
    version: string;
  };
  const io = {
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
  };
  return main({ argv, version, io, env: process.env });
}
