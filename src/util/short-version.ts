/** A commit SHA shown as git shows it (seven digits); any other version as it is. */
export function shortVersion(version: string): string {
  return /^[0-9a-f]{40}([0-9a-f]{24})?$/i.test(version) ? version.slice(0, 7) : version;
}
