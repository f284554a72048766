import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';

/** GitLab's published SAST report schema (test/fixtures/gitlab/README.md), as GitLab validates an upload. */
export const validateSast = new Ajv({ strict: false, allErrors: true }).compile(
  JSON.parse(
    readFileSync(new URL('../fixtures/gitlab/sast-report-format-15.0.7.json', import.meta.url), 'utf8'),
  ),
);
