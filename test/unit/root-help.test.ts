import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderRootHelp } from '../../src/program.js';

describe('the pre-rendered root help (bin/secscan.js --help)', () => {
  it('is what commander renders from the current command tree', async () => {
    const built = readFileSync(new URL('../../dist/root-help.txt', import.meta.url), 'utf8');
    expect(built).toBe(await renderRootHelp());
    expect(built).toContain('tokens');
    expect(built).toContain('--output <format>');
  });
});
