import type { ScaPackage } from '@secscan/api/schemas/sca';
import { UnexpectedResponseError } from '../errors.js';
import type { SbomPackage } from './model.js';
import { type Purl, PurlError, parsePurl } from './purl.js';

/**
 * The packages of a bill of materials, merged by package URL as the apps' scans give them. Each purl is
 * checked (one that does not parse is exit 8, naming where it came from) and kept in its canonical form;
 * a package's type, namespace, name and version are its purl's, so apps naming one package differently,
 * read in any order (`--all-apps --concurrency 8`), give the same component. Licences and apps are the
 * union of every app's.
 */

/** The purl of `text`, which `where` says came from where; exit 8 when it does not parse. */
export function checkedPurl(text: string, where: () => string): Purl {
  try {
    return parsePurl(text);
  } catch (error) {
    if (!(error instanceof PurlError)) throw error;
    throw new UnexpectedResponseError(
      `${where()} ${JSON.stringify(text)} as a package URL, which does not parse: ${error.message}`,
    );
  }
}

export class Packages {
  readonly byPurl = new Map<string, SbomPackage>();

  private entry(purl: Purl): SbomPackage {
    let pkg = this.byPurl.get(purl.canonical);
    if (!pkg) {
      pkg = {
        purl: purl.canonical,
        name: purl.name,
        namespace: purl.namespace,
        type: purl.type,
        version: purl.version,
        licenses: [],
        apps: [],
        container: false,
      };
      this.byPurl.set(purl.canonical, pkg);
    }
    return pkg;
  }

  /** A row of a packages listing (of `what`: `app payments-api`, `compound shop`), of `app` if one. */
  add(row: ScaPackage, app: string | undefined, what: string): void {
    const purl = checkedPurl(row.package_url, () => `${what}: the packages listing gives`);
    const pkg = this.entry(purl);
    for (const a of [...(row.apps ?? []), ...(app ? [app] : [])]) if (!pkg.apps.includes(a)) pkg.apps.push(a);
    const license = row.license;
    if (license && license !== 'NOASSERTION' && !pkg.licenses.includes(license)) pkg.licenses.push(license);
    if (row.type === 'container_package') pkg.container = true;
  }

  /** A package a finding of `app` names (the listing may leave it out). */
  addPurl(purl: Purl, app: string): void {
    const pkg = this.entry(purl);
    if (!pkg.apps.includes(app)) pkg.apps.push(app);
  }
}
