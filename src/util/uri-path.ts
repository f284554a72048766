/**
 * A file's path as a relative URI reference (a web address's path, a SARIF `artifactLocation.uri`):
 * relative to the repository, `\` as `/`, each segment percent-encoded, so a `#`, `?` or `%` in a name
 * stays part of the path instead of starting a fragment or a query.
 */
export function filePath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^\.?\/+/, '')
    .split('/')
    .map(encodeURIComponent)
    .join('/');
}
