// The ignore file a team's repository accumulates, for the benchmarks (bench/suppressions.mjs, bench/compare.mjs).

/** An ignore file of `n` entries, of the kinds a team's file accumulates. */
export function ignoreFile(n, app = 'shiftleft-java-demo') {
  const lines = ['# Accepted risks (generated for bench/suppressions.mjs)', 'ignores:'];
  for (let i = 0; i < n; i++) {
    const kind = i % 20;
    if (kind < 16) {
      // One id in 40 is a finding of the scan under test (ids 1 to 250); the others are long gone.
      const id = i % 40 === 0 ? 1 + i / 40 : 100_000 + i;
      lines.push(`  - id: ${id}`, `    app: ${app}`, `    reason: accepted risk ${i}`);
      lines.push(`    owner: team-${i % 7}@example.com`);
      if (i % 3 === 0) lines.push(`    expires: 202${i % 2 ? 7 : 5}-0${1 + (i % 9)}-15`);
    } else if (kind < 18) {
      lines.push(`  - path: src/generated/module-${i}/**`, `    reason: generated code`);
    } else if (kind < 19) {
      lines.push(`  - app: svc-${i}`, `    title: "Hard-coded credential in test fixture ${i}*"`);
      lines.push('    reason: test fixture', `    scope: {apps: [svc-${i}]}`);
    } else {
      lines.push(`  - package: pkg:npm/lib-${i}`, `    versions: "<${1 + (i % 5)}.0.0"`);
      lines.push('    reason: not reachable from our code');
    }
  }
  return `${lines.join('\n')}\n`;
}
