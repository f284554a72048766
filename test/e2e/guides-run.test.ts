import { pageGroups, runPage } from './readme/docs.js';

/** The guides under docs/guide/, each run as printed against a sandbox of its own (test/e2e/readme/docs.ts). */
for (const file of pageGroups().guides) runPage(file);
