/**
 * Package URLs as the purl specification (ECMA-427) reads them: `pkg:TYPE/NAMESPACE/NAME@VERSION?QUALIFIERS
 * #SUBPATH`, each part percent-decoded. The service's purls are its text: one that does not parse (no
 * `pkg:` scheme, no name, a bad percent-encoding, a character that must be encoded) is refused with why, so a
 * bill of materials never carries what Dependency-Track or cdxgen would reject. A purl that parses is
 * written in one canonical form (the type and qualifier keys in lower case, the qualifiers sorted, every
 * part encoded the same way), so two spellings of one package are one component, whichever app came first.
 */

export interface Purl {
  type: string;
  /** Its segments joined by `/`; '' when it has none. */
  namespace: string;
  name: string;
  /** '' when it names no version. */
  version: string;
  qualifiers: [string, string][];
  subpath: string;
  /** The purl written in the canonical form. */
  canonical: string;
}

/** Why a text is not a package URL, for the message that names it. */
export class PurlError extends Error {}

/**
 * What may stand in a purl as it is: letters, digits, the punctuation the specification allows, and `%`
 * starting an escape. White space, controls, quotes, angle brackets, non-ASCII must be percent-encoded.
 */
const allowed = /^[A-Za-z0-9.\-_~:/@?=&#%+!$'()*,;]*$/;
const typePattern = /^[a-z.+-][a-z0-9.+-]*$/;
const qualifierKey = /^[a-z.\-_][a-z0-9.\-_]*$/;

function decode(part: string, what: string): string {
  if (/%(?![0-9A-Fa-f]{2})/.test(part)) throw new PurlError(`its ${what} has a bad percent-encoding`);
  try {
    return decodeURIComponent(part);
  } catch {
    throw new PurlError(`its ${what} has a bad percent-encoding`);
  }
}

/** The specification's encoding: everything but unreserved characters escaped, `:` left as it is. */
const encode = (text: string) => encodeURIComponent(text).replace(/%3A/gi, ':');

/** The parts of a package URL and its canonical form; a PurlError saying why when the text is none. */
export function parsePurl(text: string): Purl {
  if (!text.startsWith('pkg:')) throw new PurlError('it does not start with pkg:');
  if (!allowed.test(text)) throw new PurlError('it holds a character that must be percent-encoded');
  let rest = text.slice(4);
  let subpath = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    subpath = rest
      .slice(hash + 1)
      .split('/')
      .filter((s) => s !== '' && s !== '.' && s !== '..')
      .map((s) => decode(s, 'subpath'))
      .join('/');
    rest = rest.slice(0, hash);
  }
  const qualifiers: [string, string][] = [];
  const question = rest.indexOf('?');
  if (question >= 0) {
    for (const pair of rest.slice(question + 1).split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const key = (eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      if (!qualifierKey.test(key)) throw new PurlError('a qualifier has no valid key');
      if (qualifiers.some(([k]) => k === key)) throw new PurlError(`the qualifier ${key} is given twice`);
      const value = eq < 0 ? '' : decode(pair.slice(eq + 1), `qualifier ${key}`);
      if (value !== '') qualifiers.push([key, value]);
    }
    rest = rest.slice(0, question);
  }
  rest = rest.replace(/^\/+/, '');
  const slash = rest.indexOf('/');
  if (slash <= 0) throw new PurlError('it has no type and name (pkg:TYPE/NAME)');
  const type = rest.slice(0, slash).toLowerCase();
  if (!typePattern.test(type)) throw new PurlError('its type is not one (letters, digits, . + -)');
  rest = rest.slice(slash + 1).replace(/\/+$/, '');
  let version = '';
  // The version follows the last `@` after the last `/` (an npm scope's `@` is the namespace's).
  const at = rest.lastIndexOf('@');
  if (at >= 0 && at > rest.lastIndexOf('/')) {
    version = decode(rest.slice(at + 1), 'version');
    rest = rest.slice(0, at);
  }
  const segments = rest.split('/');
  const name = decode(segments.pop() ?? '', 'name');
  if (name === '') throw new PurlError('it has no name');
  if (name.includes('/')) throw new PurlError('its name holds an encoded /');
  const namespace = segments
    .filter((s) => s !== '')
    .map((s) => decode(s, 'namespace'))
    .filter((s) => s !== '');
  if (namespace.some((s) => s.includes('/'))) throw new PurlError('a namespace segment holds an encoded /');
  qualifiers.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical =
    `pkg:${type}/` +
    [...namespace, name].map(encode).join('/') +
    (version ? `@${encode(version)}` : '') +
    (qualifiers.length ? `?${qualifiers.map(([k, v]) => `${k}=${encode(v)}`).join('&')}` : '') +
    (subpath ? `#${subpath.split('/').map(encode).join('/')}` : '');
  return { type, namespace: namespace.join('/'), name, version, qualifiers, subpath, canonical };
}
