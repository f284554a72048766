import type { FindingType, Severity } from '../model/analysis.js';

/** A kind of finding the seed draws from; the app's language decides file names and packages. */
export interface FindingTemplate {
  key: string;
  type: FindingType;
  title: string;
  category: string;
  severity: Severity;
  owasp: string;
  owasp2017: string;
  cwe: number;
  description: string;
  fix: string;
  /**
   * Code findings (`vuln`): the method where the data enters, the one it reaches, and the HTTP route the
   * entry point serves (its `EXPOSED_METHOD_ROUTE` method tag).
   */
  flow?: { source: string; sink: string; route?: string };
  /**
   * Dependency findings: by language, the package found (its own real version) and its advisory if any;
   * the finding's title and description name them (`dependencyTitle`).
   */
  dependency?: { packages: Record<string, Advisory> };
  /** Not drawn at random: the seed places these on chosen apps (types every client must read). */
  placed?: boolean;
  /** Never seeded: only a recorded scan's new findings of its type are made from it (`--new high:oss_risk=1`). */
  onRequest?: boolean;
}

/** A package at a version, and the advisory against it (none for an unmaintained package). */
export interface Advisory {
  /** The package URL without its version: `pkg:maven/org.apache.logging.log4j/log4j-core`. */
  purl: string;
  version: string;
  fixedIn?: string;
  cve?: string;
  cvss?: number;
  /** What the flaw lets an attacker do, as the title puts it: `Remote code execution`. */
  flaw?: string;
  /** The advisory's summary, a sentence. */
  summary?: string;
}

/** A package's name as its ecosystem writes it: `group:artifact` (Maven), `@scope/name`, a Go module path. */
export function packageName(purl: string): string {
  const m = /^pkg:([^/]+)\/(.+)$/.exec(purl);
  if (!m) return purl;
  const [type, path] = [m[1] as string, decodeURIComponent(m[2] as string)];
  const parts = path.split('/');
  if (type === 'maven') return parts.join(':');
  if (type === 'deb' || type === 'pypi') return parts.at(-1) as string;
  return path;
}

/**
 * A dependency finding's title, as a dependency scanner writes it: the flaw, the package and its version, the
 * advisory. The same package and advisory give the same title in every app.
 */
export function dependencyTitle(template: FindingTemplate, advisory: Advisory): string {
  const name = `${packageName(advisory.purl)} ${advisory.version}`;
  if (template.type === 'package') return `Unmaintained package: ${name}`;
  const where = template.type === 'container' ? ' of the container base image' : '';
  const id = advisory.cve ? ` (${advisory.cve})` : '';
  return `${advisory.flaw ?? 'Vulnerability'} in ${name}${where}${id}`;
}

export const findingTemplates: FindingTemplate[] = [
  {
    key: 'sqli',
    type: 'vuln',
    title: 'SQL Injection: attacker-controlled data reaches a database query',
    category: 'SQL Injection',
    severity: 'critical',
    owasp: 'a03-injection',
    owasp2017: 'a1-injection',
    cwe: 89,
    description: 'A request parameter flows into a SQL statement built by string concatenation.',
    fix: 'Use a parameterized query (a prepared statement) instead of concatenating the parameter.',
    flow: {
      source: 'CustomerController.search',
      sink: 'Statement.executeQuery',
      route: 'GET /api/customers/search',
    },
  },
  {
    key: 'xss',
    type: 'vuln',
    title: 'Cross-Site Scripting: request data is written to an HTML response',
    category: 'Cross-Site Scripting',
    severity: 'high',
    owasp: 'a03-injection',
    owasp2017: 'a7-cross-site-scripting',
    cwe: 79,
    description: 'User input is written to the response without HTML encoding.',
    fix: 'Encode the value for the HTML context, or render it through the template engine’s escaping.',
    flow: {
      source: 'ProfileController.show',
      sink: 'HttpServletResponse.getWriter().write',
      route: 'GET /profile/{username}',
    },
  },
  {
    key: 'traversal',
    type: 'vuln',
    title: 'Directory Traversal: a file path is built from user input',
    category: 'Directory Traversal',
    severity: 'high',
    owasp: 'a01-broken-access-control',
    owasp2017: 'a5-broken-access-control',
    cwe: 22,
    description:
      'A path from the request is opened without checking that it stays inside the base directory.',
    fix: 'Resolve the path and check that it starts with the base directory before opening it.',
    flow: { source: 'DownloadController.get', sink: 'Files.readAllBytes', route: 'GET /api/files/download' },
  },
  {
    key: 'ssrf',
    type: 'vuln',
    title: 'Server-Side Request Forgery: a URL from the request is fetched',
    category: 'Server-Side Request Forgery',
    severity: 'high',
    owasp: 'a10-server-side-request-forgery-(ssrf)',
    owasp2017: 'a5-broken-access-control',
    cwe: 918,
    description: 'The server fetches a URL taken from the request, reaching internal services.',
    fix: 'Allow only known hosts, and refuse private and link-local addresses.',
    flow: { source: 'PreviewController.fetch', sink: 'HttpClient.send', route: 'POST /api/link-preview' },
  },
  {
    key: 'deserialization',
    type: 'vuln',
    title: 'Deserialization of untrusted data',
    category: 'Deserialization',
    severity: 'critical',
    owasp: 'a08-software-and-data-integrity-failures',
    owasp2017: 'a8-insecure-deserialization',
    cwe: 502,
    description: 'Bytes from the request are deserialized into arbitrary objects.',
    fix: 'Deserialize into a fixed, allow-listed type, or use a data-only format such as JSON.',
    flow: {
      source: 'SessionFilter.restore',
      sink: 'ObjectInputStream.readObject',
      route: 'POST /api/session/restore',
    },
  },
  {
    key: 'weak-hash',
    type: 'vuln',
    title: 'Weak hash algorithm used for passwords',
    category: 'Weak Hash',
    severity: 'medium',
    owasp: 'a02-cryptographic-failures',
    owasp2017: 'a3-sensitive-data-exposure',
    cwe: 328,
    description: 'Passwords are hashed with MD5 or SHA-1 without a salt.',
    fix: 'Hash passwords with bcrypt, scrypt or Argon2.',
    flow: { source: 'AccountService.register', sink: 'MessageDigest.digest', route: 'POST /api/accounts' },
  },
  {
    key: 'log-forging',
    type: 'vuln',
    title: 'Log Forging: request data is written to the log unescaped',
    category: 'Log Forging',
    severity: 'low',
    owasp: 'a09-security-logging-and-monitoring-failures',
    owasp2017: 'uncategorized',
    cwe: 117,
    description: 'New lines in a request header let an attacker forge log entries.',
    fix: 'Strip or encode line breaks before logging request data.',
    flow: { source: 'AuthController.login', sink: 'Logger.info', route: 'POST /api/login' },
  },
  {
    key: 'data-leak',
    type: 'vuln',
    title: 'Sensitive Data Leak: personal data written to the log',
    category: 'Sensitive Data Leak',
    severity: 'medium',
    owasp: 'a04-insecure-design',
    owasp2017: 'a3-sensitive-data-exposure',
    cwe: 200,
    description: 'An e-mail address and a card number reach a log statement.',
    fix: 'Mask personal data before logging it, or do not log it.',
    flow: { source: 'PaymentService.charge', sink: 'Logger.info', route: 'POST /api/orders' },
  },
  {
    key: 'xxe',
    type: 'vuln',
    title: 'XML External Entity processing enabled',
    category: 'XML External Entities',
    severity: 'high',
    owasp: 'a05-security-misconfiguration',
    owasp2017: 'a4-xml-external-entities',
    cwe: 611,
    description: 'The XML parser resolves external entities in documents from the request.',
    fix: 'Disable DTDs and external entities on the parser.',
    flow: { source: 'ImportController.upload', sink: 'DocumentBuilder.parse', route: 'POST /api/imports' },
  },
  {
    key: 'secret',
    type: 'secret',
    title: 'Hardcoded credential: an API key in source code',
    category: 'Hardcoded Credentials',
    severity: 'high',
    owasp: 'a07-identification-and-authentication-failures',
    owasp2017: 'a2-broken-authentication',
    cwe: 798,
    description: 'A live-looking API key is committed in the source.',
    fix: 'Revoke the key, remove it from the history, and read it from a secret store at run time.',
  },
  {
    key: 'headers',
    type: 'insight',
    title: 'Security headers missing from HTTP responses',
    category: 'Security Misconfiguration',
    severity: 'low',
    owasp: 'a05-security-misconfiguration',
    owasp2017: 'a6-security-misconfiguration',
    cwe: 693,
    description: 'Responses lack Content-Security-Policy and X-Content-Type-Options.',
    fix: 'Add the headers in a response middleware.',
  },
  {
    key: 'debug',
    type: 'security_issue',
    title: 'Debug mode enabled in production configuration',
    category: 'Security Misconfiguration',
    severity: 'medium',
    owasp: 'a05-security-misconfiguration',
    owasp2017: 'a6-security-misconfiguration',
    cwe: 489,
    description: 'The production profile turns on debug endpoints.',
    fix: 'Turn debug mode off in the production profile.',
  },
  {
    key: 'rce-dependency',
    type: 'oss_vuln',
    title: 'Critical vulnerability in a dependency',
    category: 'Vulnerable Dependency',
    severity: 'critical',
    owasp: 'a06-vulnerable-and-outdated-components',
    owasp2017: 'a9-using components with known vulnerabilities',
    cwe: 502,
    description: 'A dependency version with a known critical flaw is in use.',
    fix: 'Upgrade the package to the fixed version or later.',
    dependency: {
      packages: {
        java: {
          purl: 'pkg:maven/org.apache.logging.log4j/log4j-core',
          version: '2.14.1',
          fixedIn: '2.17.1',
          cve: 'CVE-2021-44228',
          cvss: 10,
          flaw: 'Remote code execution',
          summary:
            'JNDI lookups in logged messages let an attacker load and run code from a server of theirs.',
        },
        go: {
          purl: 'pkg:golang/github.com/crewjam/saml',
          version: '0.4.6',
          fixedIn: '0.4.9',
          cve: 'CVE-2022-41912',
          cvss: 9.8,
          flaw: 'Authentication bypass',
          summary:
            'A response holding several assertions lets an attacker pass off an unsigned one as signed.',
        },
        javascript: {
          purl: 'pkg:npm/minimist',
          version: '1.2.5',
          fixedIn: '1.2.6',
          cve: 'CVE-2021-44906',
          cvss: 9.8,
          flaw: 'Prototype pollution',
          summary: 'Crafted command-line arguments add properties to Object.prototype.',
        },
        python: {
          purl: 'pkg:pypi/pyyaml',
          version: '5.3.1',
          fixedIn: '5.4',
          cve: 'CVE-2020-14343',
          cvss: 9.8,
          flaw: 'Arbitrary code execution',
          summary: 'Loading a document with the full loader runs the Python it embeds.',
        },
      },
    },
  },
  {
    key: 'prototype-dependency',
    type: 'oss_vuln',
    title: 'High-severity vulnerability in a dependency',
    category: 'Vulnerable Dependency',
    severity: 'high',
    owasp: 'a06-vulnerable-and-outdated-components',
    owasp2017: 'a9-using components with known vulnerabilities',
    cwe: 94,
    description: 'A dependency version with a known high-severity flaw is in use.',
    fix: 'Upgrade the package to the fixed version or later.',
    dependency: {
      packages: {
        java: {
          purl: 'pkg:maven/com.fasterxml.jackson.core/jackson-databind',
          version: '2.13.2',
          fixedIn: '2.13.2.1',
          cve: 'CVE-2020-36518',
          cvss: 7.5,
          flaw: 'Denial of service',
          summary: 'Deeply nested JSON arrays exhaust the stack of the thread deserializing them.',
        },
        go: {
          purl: 'pkg:golang/golang.org/x/net',
          version: '0.7.0',
          fixedIn: '0.17.0',
          cve: 'CVE-2023-39325',
          cvss: 7.5,
          flaw: 'Denial of service',
          summary: 'HTTP/2 streams opened and reset at once (a rapid reset) exhaust the server.',
        },
        javascript: {
          purl: 'pkg:npm/lodash',
          version: '4.17.20',
          fixedIn: '4.17.21',
          cve: 'CVE-2021-23337',
          cvss: 7.2,
          flaw: 'Command injection',
          summary: 'template() runs code passed in its variable option.',
        },
        python: {
          purl: 'pkg:pypi/urllib3',
          version: '1.26.4',
          fixedIn: '1.26.5',
          cve: 'CVE-2021-33503',
          cvss: 7.5,
          flaw: 'Denial of service',
          summary: 'A URL with many @ characters makes the authority parser backtrack for a long time.',
        },
      },
    },
  },
  {
    key: 'container',
    type: 'container',
    title: 'Vulnerable OpenSSL in the container base image',
    category: 'Container Vulnerability',
    severity: 'high',
    owasp: 'a06-vulnerable-and-outdated-components',
    owasp2017: 'a9-using components with known vulnerabilities',
    cwe: 843,
    description: 'The base image ships an OpenSSL version with a type confusion flaw.',
    fix: 'Rebuild on a base image with OpenSSL 3.0.8 or later.',
    dependency: {
      packages: Object.fromEntries(
        ['java', 'go', 'javascript', 'python'].map((language) => [
          language,
          {
            purl: 'pkg:deb/debian/openssl',
            version: '3.0.7',
            fixedIn: '3.0.8',
            cve: 'CVE-2023-0286',
            cvss: 7.4,
            flaw: 'Type confusion',
            summary: 'An X.400 address in a certificate lets an attacker read memory or crash the process.',
          },
        ]),
      ),
    },
  },
  {
    key: 'tls-verification-off',
    type: 'extscan',
    title: 'TLS certificate verification disabled (reported by an external scanner)',
    category: 'Insecure Transport',
    severity: 'medium',
    owasp: 'a02-cryptographic-failures',
    owasp2017: 'a3-sensitive-data-exposure',
    cwe: 295,
    description: 'An HTTP client is built with certificate verification turned off.',
    fix: 'Keep verification on; trust a private CA by adding it to the trust store instead.',
    placed: true,
  },
  {
    key: 'unmaintained-package',
    type: 'package',
    title: 'Unmaintained package: no release for more than three years',
    category: 'Unmaintained Package',
    severity: 'low',
    owasp: 'a06-vulnerable-and-outdated-components',
    owasp2017: 'a9-using components with known vulnerabilities',
    cwe: 1104,
    description: 'A dependency has had no release or commit for more than three years.',
    fix: 'Replace the package with a maintained alternative.',
    dependency: {
      packages: {
        java: { purl: 'pkg:maven/commons-collections/commons-collections', version: '3.2.2' },
        go: { purl: 'pkg:golang/github.com/pkg/errors', version: '0.9.1' },
        javascript: { purl: 'pkg:npm/request', version: '2.88.2' },
        python: { purl: 'pkg:pypi/nose', version: '1.3.7' },
      },
    },
    placed: true,
  },
  {
    key: 'oss-risk',
    type: 'oss_risk',
    title: 'Open-source risk: a package with a single maintainer and no security policy',
    category: 'Open-Source Risk',
    severity: 'medium',
    owasp: 'a06-vulnerable-and-outdated-components',
    owasp2017: 'a9-using components with known vulnerabilities',
    cwe: 1357,
    description: 'A dependency is kept by one maintainer, has no security policy and no signed releases.',
    fix: 'Pin the package to a reviewed version, or replace it with a better-kept alternative.',
    dependency: {
      packages: {
        java: { purl: 'pkg:maven/com.github.spotbugs/spotbugs-annotations', version: '4.7.3' },
        go: { purl: 'pkg:golang/github.com/mattn/go-isatty', version: '0.0.20' },
        javascript: { purl: 'pkg:npm/left-pad', version: '1.3.0' },
        python: { purl: 'pkg:pypi/six', version: '1.16.0' },
      },
    },
    placed: true,
    onRequest: true,
  },
];

export const sourceFiles: Record<string, string[]> = {
  java: [
    'src/main/java/io/shiftleft/controller/CustomerController.java',
    'src/main/java/io/shiftleft/controller/AdminController.java',
    'src/main/java/io/shiftleft/data/DataLoader.java',
    'src/main/java/io/shiftleft/util/Crypto.java',
  ],
  go: ['internal/payments/handler.go', 'internal/payments/store.go', 'cmd/server/main.go'],
  javascript: ['src/routes/search.js', 'src/routes/profile.js', 'src/lib/render.js', 'src/server.js'],
  python: ['docs/app.py', 'docs/views.py', 'docs/settings.py'],
};

export const languageOfApp: Record<string, string> = {
  'shiftleft-java-demo': 'java',
  'payments-api': 'go',
  'ledger-service': 'java',
  'web-frontend': 'javascript',
  'docs-site': 'python',
};
