// The main script of the single executables (secscan-linux-x64 and the others): bin/secscan.js, with the chunks, their code
// caches, package.json and the completions read from the executable's assets instead of the package's
// directory. scripts/release.mjs bundles it with bin/load.js (the executable can require nothing else).
'use strict';
const { getAsset } = require('node:sea');
const { join } = require('node:path');
const { createLoader } = require('../../bin/load.js');

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${JSON.parse(getAsset('package.json', 'utf8')).version}\n`);
} else {
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  // The chunks' file names, for stack traces and their __filename: under the executable, as if a directory.
  const dir = join(process.execPath, 'chunks');
  const asset = (file) => `chunks/${file.slice(dir.length + 1)}`;
  const { requireChunk } = createLoader(
    dir,
    (file) => getAsset(asset(file), 'utf8'),
    (file) => {
      try {
        return Buffer.from(getAsset(`${asset(file)}.cache`));
      } catch {
        return undefined; // a chunk no warm-up compiled has no cache
      }
    },
  );
  requireChunk('cli.cjs')
    .run(argv)
    .then((code) => {
      process.exitCode = code;
    });
}
