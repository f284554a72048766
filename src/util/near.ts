/**
 * The edit distance of the optimal string alignment: the fewest inserted, deleted or changed characters, or
 * two neighbours swapped, that make `a` into `b` (`shpo` is one edit from `shop`, as people mistype).
 */
export function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] as number) + 1);
      }
      row[j] = best;
    }
    before = previous;
    previous = row;
  }
  return previous[b.length] as number;
}

/**
 * The names close to a mistyped one, closest first, at most `limit`: a few edits away (a third of its
 * length, at least one, ignoring case), or holding it whole (`pay` for `payments-api`).
 */
export function closeNames(wanted: string, names: Iterable<string>, limit = 3): string[] {
  const word = wanted.toLowerCase();
  const threshold = Math.max(1, Math.floor(word.length / 3));
  const scored: { name: string; score: number }[] = [];
  for (const name of new Set(names)) {
    const lower = name.toLowerCase();
    const distance = editDistance(word, lower);
    const score =
      distance <= threshold ? distance : word.length >= 3 && lower.includes(word) ? threshold + 1 : Infinity;
    if (score !== Infinity) scored.push({ name, score });
  }
  return scored
    .sort((a, b) => a.score - b.score || a.name.length - b.name.length || (a.name < b.name ? -1 : 1))
    .slice(0, limit)
    .map((c) => c.name);
}
