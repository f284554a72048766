import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parser } from 'keep-a-changelog';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, in JavaScript
import { releaseNotes } from '../../scripts/release.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const text = readFileSync(`${root}/CHANGELOG.md`, 'utf8');

describe('CHANGELOG.md', () => {
  // keep-a-changelog throws at the first line it cannot read (a paragraph under `### Changed`, say).
  const changelog = parser(text);
  const versions = changelog.releases.filter((r) => r.version !== undefined);

  it('parses as Keep a Changelog, an Unreleased section and at least one release', () => {
    expect(changelog.releases.some((r) => r.version === undefined)).toBe(true);
    expect(versions.length).toBeGreaterThan(0);
  });

  it.each(changelog.releases.map((r) => [r.version?.toString() ?? 'Unreleased', r] as const))(
    '%s has entries, each under a Keep a Changelog type',
    (_name, release) => {
      const entries = [...release.changes.values()].flat();
      expect(entries.length).toBeGreaterThan(0);
      for (const change of entries) expect(change.title.trim()).not.toBe('');
    },
  );

  it('defines the link of every section: Unreleased compared with the last release, each release its tag', () => {
    const links = new Map(
      [...text.matchAll(/^\[([^\]]+)\]: (\S+)$/gm)].map((m) => [m[1] as string, m[2] as string]),
    );
    const last = versions[0]?.version?.toString();
    expect(links.get('Unreleased')).toMatch(new RegExp(`/compare/v${last}\\.\\.\\.HEAD$`));
    for (const release of versions) {
      const version = release.version?.toString() ?? '';
      expect(links.get(version), `[${version}]: ...`).toMatch(new RegExp(`/v${version}$`));
    }
    expect(changelog.url).toMatch(/^https:\/\/github\.com\//);
  });

  it.each(versions.map((r) => r.version?.toString() ?? ''))(
    'the notes of %s say what a user gets: entries, no benchmark history, no link definitions',
    (version) => {
      const notes: string = releaseNotes(text, version) ?? '';
      expect(notes).toMatch(/^### Added\n/m);
      expect(notes).not.toMatch(/bench:[a-z-]+/);
      expect(notes).not.toMatch(/^\[[^\]]+\]: /m);
    },
  );
});
