/**
 * The findings search of the service (`finding_search` on the compound listing, `search` on the others):
 * a finding matches a text when its title or its description contains it under simple Unicode case folding;
 * several texts must all match. The CLI applies `--search` itself where no parameter carries it, the sandbox
 * serves the parameters: both with these functions, so the two give the same findings.
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

interface Searchable {
  title?: string | undefined;
  description?: string | undefined;
}

/** A test of whether a finding's title or description holds every one of the texts, case folded. */
export function searchMatcher(texts: readonly string[]): (finding: Searchable) => boolean {
  const needles = texts.map(caseFold);
  if (!needles.length) return () => true;
  return (finding) => {
    const title = caseFold(finding.title ?? '');
    const description = caseFold(finding.description ?? '');
    return needles.every((n) => title.includes(n) || description.includes(n));
  };
}

/** Whether a finding's title or description holds every one of the texts, case folded. */
export function matchesSearch(finding: Searchable, texts: readonly string[]): boolean {
  return searchMatcher(texts)(finding);
}
