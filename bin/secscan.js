#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import module from 'node:module';

module.enableCompileCache?.();
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const argv = process.argv.slice(2);
const rootHelp = argv.length === 0 || (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h'));
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`${version}\n`);
} else if (rootHelp) {
  // Pre-rendered by the build from the real command tree (scripts/prerender-help.mjs).
  process.stdout.write(readFileSync(new URL('../dist/root-help.txt', import.meta.url), 'utf8'));
} else {
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const { main } = await import('../dist/main.js');
  const io = {
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
  };
  process.exitCode = await main({ argv, version, io, env: process.env });
}
