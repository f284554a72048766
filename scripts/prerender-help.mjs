// Renders `secscan --help` at build time, so the root help costs no more than reading a file at start-up.
// The text comes from the real commander tree; a test compares it with a fresh rendering.
import { mkdirSync, writeFileSync } from 'node:fs';
import { renderRootHelp } from '../dist/program.js';

const out = new URL('../dist/root-help.txt', import.meta.url);
mkdirSync(new URL('.', out), { recursive: true });
writeFileSync(out, await renderRootHelp());
