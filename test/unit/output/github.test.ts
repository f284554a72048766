import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Annotation,
  annotationLines,
  appendStepSummary,
  workflowCommand,
} from '../../../src/output/formats/github.js';

const dir = mkdtempSync(join(tmpdir(), 'secscan-github-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('GitHub workflow commands', () => {
  it('escapes data (%, CR, LF) and properties (also : and ,) as GitHub reads them', () => {
    expect(
      workflowCommand({
        level: 'error',
        file: 'src/a,b:c.go',
        line: 12,
        title: 'rule: 100%, strict',
        message: 'critical: 50% of\r\nrows',
      }),
    ).toBe('::error file=src/a%2Cb%3Ac.go,line=12,title=rule%3A 100%25%2C strict::critical: 50%25 of rows');
    expect(workflowCommand({ level: 'notice', message: 'plain' })).toBe('::notice::plain');
    // A line without a file has no line property either.
    expect(workflowCommand({ level: 'warning', line: 3, message: 'm' })).toBe('::warning::m');
  });

  it('text from the service cannot forge a command, an escape sequence or a second line', () => {
    const line = workflowCommand({
      level: 'error',
      title: 'x\n::set-output name=a::b',
      message: 'title\u001b]8;;http://evil\u0007\n::add-mask::secret\u202e',
    });
    expect(line.split('\n')).toHaveLength(1);
    expect(line).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(line.startsWith('::error title=x %3A%3Aset-output name=a%3A%3Ab::')).toBe(true);
  });

  it('at most ten of a level a step, then one notice saying how many more', () => {
    const errors: Annotation[] = Array.from({ length: 13 }, (_, i) => ({
      level: 'error',
      file: `f${i}.go`,
      line: i + 1,
      title: 'no-critical',
      message: `finding ${i}`,
    }));
    const lines = annotationLines([...errors, { level: 'warning', message: 'w' }], 'see the step summary');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(10);
    expect(lines).toContain('::warning::w');
    expect(lines.at(-1)).toBe(
      '::notice title=secscan::3 more findings not annotated (GitHub shows 10 per step): see the step summary',
    );
    expect(annotationLines(errors.slice(0, 10), 'x').some((l) => l.startsWith('::notice'))).toBe(false);
  });

  it('the step summary is appended, never overwritten', async () => {
    const file = join(dir, 'summary.md');
    writeFileSync(file, '# Build\n');
    await appendStepSummary(file, '### gate one\n');
    await appendStepSummary(file, '### gate two');
    expect(readFileSync(file, 'utf8')).toBe('# Build\n\n### gate one\n\n### gate two\n');
  });
});
