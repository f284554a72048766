#!/usr/bin/env node
'use strict';
// CommonJS (bin/package.json), so a run starts without Node's ES-module loader.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8'));
  process.stdout.write(`${version}\n`);
} else {
  process.stdout.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  const { requireChunk } = require('./load.js');
  requireChunk('cli.cjs')
    .run(argv)
    .then((code) => {
      process.exitCode = code;
    });
}
