/**
 * The findings search of the service. `search` ("matches in finding titles and tags"): a finding matches a
 * text when its title, its description or one of its tag values contains it under simple Unicode case
 * folding (a tag's key alone does not: every finding of a kind carries the same keys). `finding_search`, the
 * compound listing's: the title or the description only. Several texts must all match. The CLI applies
 * `--search` itself where no parameter carries it, the sandbox serves the parameters: both with these
 * functions, so the two give the same findings.
 */

/**
 * The characters whose simple case folding (CaseFolding.txt, statuses C and S) is not their lower case:
 * each folds with the letter it is a form of (final sigma with sigma, long s with s, micro with mu).
 */
const foldsApart: Readonly<Record<string, string>> = {
  '\u00b5': '\u03bc',
  '\u017f': 's',
  '\u0345': '\u03b9',
  '\u03c2': '\u03c3',
  '\u03d0': '\u03b2',
  '\u03d1': '\u03b8',
  '\u03d5': '\u03c6',
  '\u03d6': '\u03c0',
  '\u03f0': '\u03ba',
  '\u03f1': '\u03c1',
  '\u03f5': '\u03b5',
  '\u1e9b': '\u1e61',
  '\u1fbe': '\u03b9',
};
const apart = new RegExp(Object.keys(foldsApart).join('|'), 'g');
/** Capital I with dot above has no simple folding (only a Turkic and a full one): it stays as it is. */
const dottedI = '\u0130';

/** Simple Unicode case folding, the same in every locale (never the Turkish dotless i). */
export function caseFold(text: string): string {
  // Lower case first: it writes a word-final sigma as the final form, which the table then folds.
  const lower = text.includes(dottedI)
    ? text
        .split(dottedI)
        .map((part) => part.toLowerCase())
        .join(dottedI)
    : text.toLowerCase();
  return lower.replace(apart, (ch) => foldsApart[ch] ?? ch);
}

export interface Searchable {
  title?: string | undefined;
  description?: string | undefined;
  tags?: readonly { key?: unknown; value?: unknown }[] | null | undefined;
}

export interface SearchScope {
  /** Tag values too (`search`); false: the title and the description only (`finding_search`). */
  tags: boolean;
}

/**
 * A test of whether every one of the texts is in a finding's title, description or (unless `scope.tags`
 * is false) one of its tag values, case folded.
 */
export function searchMatcher(
  texts: readonly string[],
  scope: SearchScope = { tags: true },
): (finding: Searchable) => boolean {
  const needles = texts.map(caseFold);
  if (!needles.length) return () => true;
  return (finding) => {
    const fields = [caseFold(finding.title ?? ''), caseFold(finding.description ?? '')];
    if (scope.tags && Array.isArray(finding.tags)) {
      for (const tag of finding.tags) {
        const value = tag?.value;
        if (typeof value === 'string' || typeof value === 'number') fields.push(caseFold(String(value)));
      }
    }
    return needles.every((n) => fields.some((field) => field.includes(n)));
  };
}

/** Whether every one of the texts is in the finding's title, description or a tag value, case folded. */
export function matchesSearch(
  finding: Searchable,
  texts: readonly string[],
  scope: SearchScope = { tags: true },
): boolean {
  return searchMatcher(texts, scope)(finding);
}
