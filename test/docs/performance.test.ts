import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/performance.md is where figures live: it says how to run every benchmark the project has, and the
 * README quotes no measurement that page does not have (a figure changes in one place, with its date).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

/** Measurements in a text: a number with a unit of time, size, rate or ratio (`1.1 s`, `94 MB`, `0.47x`, `20%`). */
export function measurements(text: string): string[] {
  const unit = String.raw`(?:ms|s|min|minutes?|seconds?|KiB|MiB|GiB|KB|MB|GB|MiB\/s|x|%)`;
  const pattern = new RegExp(String.raw`(?<![\w.])~?\d[\d,]*(?:\.\d+)?\s?${unit}(?![\w/])`, 'g');
  return [...text.matchAll(pattern)].map((m) => m[0].replace(/\s+/g, ' '));
}

describe('docs/performance.md', () => {
  const page = read('docs/performance.md');

  it('says how to run every benchmark of package.json, and names no other', () => {
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    ).filter((s) => s.startsWith('bench:'));
    expect(scripts.length).toBeGreaterThan(8);
    for (const script of scripts) expect(page).toContain(`\`npm run ${script}\``);
    for (const [, named] of page.matchAll(/npm run (bench:[a-z][a-z-]*)/g)) expect(scripts).toContain(named);
  });

  it('dates its figures', () => {
    const sections = page.split(/\n## /).slice(1);
    for (const section of sections) {
      if (!measurements(section).length) continue;
      expect(section, section.split('\n')[0]).toMatch(/\d{1,2} \w+ 20\d\d|one run|load average/);
    }
  });

  it('has every measurement the README states (the README measures nothing of its own)', () => {
    const figures = new Set(measurements(page));
    const stated = measurements(read('README.md'));
    expect(stated.filter((m) => !figures.has(m))).toEqual([]);
  });

  it('reads a measurement wherever it is written, and only a measurement', () => {
    expect(
      measurements('took 1.1 s, 94 MB on disk, 0.47x curl, 20% more, 2,000 rows, v0.1.0, Node 20.19'),
    ).toEqual(['1.1 s', '94 MB', '0.47x', '20%']);
    expect(measurements('446 MiB/s and 22 ms')).toEqual(['446 MiB/s', '22 ms']);
  });
});
