/**
 * The lines of code the demo apps' findings point at, by language: where a vuln's data enters (its source
 * method), the step that carries it, and the statement it reaches (the sink), with the lines AutoFix puts in
 * the sink's place. The demo sources (sources.ts) are written from these, and the fixes are patches of them.
 */

export type CodeLanguage = 'java' | 'go' | 'javascript' | 'python';

interface Snippet {
  /** What the fix does, as the heading of its change in the recommended fix. */
  change: string;
  /** The sink, reading `query`. */
  sink: string;
  /** What AutoFix writes instead of the sink. */
  fixed: string[];
}

type Snippets = Record<CodeLanguage, Snippet>;

const same = (change: string, sinks: Record<CodeLanguage, [string, string[]]>): Snippets =>
  Object.fromEntries(
    Object.entries(sinks).map(([language, [sink, fixed]]) => [language, { change, sink, fixed }]),
  ) as Snippets;

const J = '        ';
const G = '\t';
const S = '  ';
const P = '    ';

/** By the finding template's key (catalog.ts). */
export const codeSnippets: Record<string, Snippets> = {
  sqli: same('Use a parameterized query', {
    java: [
      `${J}ResultSet rows = statement.executeQuery("SELECT * FROM customers WHERE name = '" + query + "'");`,
      [
        `${J}PreparedStatement select = connection.prepareStatement("SELECT * FROM customers WHERE name = ?");`,
        `${J}select.setString(1, query);`,
        `${J}ResultSet rows = select.executeQuery();`,
      ],
    ],
    go: [
      `${G}rows, err := db.Query("SELECT * FROM payments WHERE reference = '" + query + "'")`,
      [`${G}rows, err := db.Query("SELECT * FROM payments WHERE reference = $1", query)`],
    ],
    javascript: [
      `${S}const rows = await db.query("SELECT * FROM products WHERE name = '" + query + "'");`,
      [`${S}const rows = await db.query('SELECT * FROM products WHERE name = $1', [query]);`],
    ],
    python: [
      `${P}rows = cursor.execute("SELECT * FROM pages WHERE title = '" + query + "'")`,
      [`${P}rows = cursor.execute("SELECT * FROM pages WHERE title = %s", (query,))`],
    ],
  }),
  xss: same('Encode the value for HTML', {
    java: [
      `${J}response.getWriter().write("<p>" + query + "</p>");`,
      [`${J}response.getWriter().write("<p>" + HtmlUtils.htmlEscape(query) + "</p>");`],
    ],
    go: [
      `${G}fmt.Fprintf(w, "<p>%s</p>", query)`,
      [`${G}fmt.Fprintf(w, "<p>%s</p>", html.EscapeString(query))`],
    ],
    javascript: [
      `${S}res.send('<p>' + query + '</p>');`,
      [`${S}res.send('<p>' + escapeHtml(query) + '</p>');`],
    ],
    python: [`${P}return "<p>" + query + "</p>"`, [`${P}return "<p>" + html.escape(query) + "</p>"`]],
  }),
  traversal: same('Keep the path inside the base directory', {
    java: [
      `${J}byte[] data = Files.readAllBytes(Paths.get(baseDir, query));`,
      [
        `${J}Path file = Paths.get(baseDir).resolve(query).normalize();`,
        `${J}if (!file.startsWith(Paths.get(baseDir))) throw new SecurityException("outside the base directory");`,
        `${J}byte[] data = Files.readAllBytes(file);`,
      ],
    ],
    go: [
      `${G}data, err := os.ReadFile(filepath.Join(baseDir, query))`,
      [`${G}file := filepath.Join(baseDir, filepath.Clean("/"+query))`, `${G}data, err := os.ReadFile(file)`],
    ],
    javascript: [
      `${S}const data = fs.readFileSync(path.join(baseDir, query));`,
      [
        `${S}const file = path.resolve(baseDir, query);`,
        `${S}if (!file.startsWith(path.resolve(baseDir) + path.sep)) throw new Error('outside the base directory');`,
        `${S}const data = fs.readFileSync(file);`,
      ],
    ],
    python: [
      `${P}data = open(os.path.join(BASE_DIR, query), "rb").read()`,
      [
        `${P}path = os.path.realpath(os.path.join(BASE_DIR, query))`,
        `${P}if not path.startswith(os.path.realpath(BASE_DIR) + os.sep):`,
        `${P}${P}raise PermissionError("outside the base directory")`,
        `${P}data = open(path, "rb").read()`,
      ],
    ],
  }),
  ssrf: same('Fetch only allowed hosts', {
    java: [
      `${J}HttpResponse<String> page = client.send(HttpRequest.newBuilder(URI.create(query)).build(), BodyHandlers.ofString());`,
      [
        `${J}URI target = URI.create(query);`,
        `${J}if (!allowedHosts.contains(target.getHost())) throw new SecurityException("host not allowed");`,
        `${J}HttpResponse<String> page = client.send(HttpRequest.newBuilder(target).build(), BodyHandlers.ofString());`,
      ],
    ],
    go: [
      `${G}resp, err := http.Get(query)`,
      [
        `${G}target, err := url.Parse(query)`,
        `${G}if err != nil || !allowedHosts[target.Hostname()] {`,
        `${G}${G}return errors.New("host not allowed")`,
        `${G}}`,
        `${G}resp, err := http.Get(target.String())`,
      ],
    ],
    javascript: [
      `${S}const page = await fetch(query);`,
      [
        `${S}const target = new URL(query);`,
        `${S}if (!allowedHosts.has(target.hostname)) throw new Error('host not allowed');`,
        `${S}const page = await fetch(target);`,
      ],
    ],
    python: [
      `${P}page = requests.get(query)`,
      [
        `${P}if urlparse(query).hostname not in ALLOWED_HOSTS:`,
        `${P}${P}raise PermissionError("host not allowed")`,
        `${P}page = requests.get(query)`,
      ],
    ],
  }),
  deserialization: same('Read the data as JSON into a fixed type', {
    java: [
      `${J}Object session = new ObjectInputStream(new ByteArrayInputStream(Base64.getDecoder().decode(query))).readObject();`,
      [
        `${J}Session session = new ObjectMapper().readValue(Base64.getDecoder().decode(query), Session.class);`,
      ],
    ],
    go: [
      `${G}err := gob.NewDecoder(strings.NewReader(query)).Decode(&session)`,
      [`${G}err := json.Unmarshal([]byte(query), &session)`],
    ],
    javascript: [
      `${S}const session = serialize.unserialize(query);`,
      [`${S}const session = JSON.parse(query);`],
    ],
    python: [
      `${P}session = pickle.loads(base64.b64decode(query))`,
      [`${P}session = json.loads(base64.b64decode(query))`],
    ],
  }),
  'weak-hash': same('Hash the password with bcrypt', {
    java: [
      `${J}byte[] hash = MessageDigest.getInstance("MD5").digest(query.getBytes(StandardCharsets.UTF_8));`,
      [`${J}String hash = BCrypt.hashpw(query, BCrypt.gensalt(12));`],
    ],
    go: [
      `${G}hash := md5.Sum([]byte(query))`,
      [`${G}hash, err := bcrypt.GenerateFromPassword([]byte(query), 12)`],
    ],
    javascript: [
      `${S}const hash = crypto.createHash('md5').update(query).digest('hex');`,
      [`${S}const hash = await bcrypt.hash(query, 12);`],
    ],
    python: [
      `${P}digest = hashlib.md5(query.encode()).hexdigest()`,
      [`${P}digest = bcrypt.hashpw(query.encode(), bcrypt.gensalt(12))`],
    ],
  }),
  'log-forging': same('Strip line breaks before logging', {
    java: [
      `${J}logger.info("login attempt for " + query);`,
      [`${J}logger.info("login attempt for " + query.replaceAll("[\\\\r\\\\n]", "_"));`],
    ],
    go: [`${G}log.Printf("login attempt for %s", query)`, [`${G}log.Printf("login attempt for %q", query)`]],
    javascript: [
      `${S}logger.info('login attempt for ' + query);`,
      [`${S}logger.info('login attempt for ' + query.replace(/[\\r\\n]/g, '_'));`],
    ],
    python: [
      `${P}logger.info("login attempt for " + query)`,
      [`${P}logger.info("login attempt for %r", query)`],
    ],
  }),
  'data-leak': same('Log the last four digits only', {
    java: [
      `${J}logger.info("charging card " + query);`,
      [`${J}logger.info("charging card ending " + query.substring(Math.max(0, query.length() - 4)));`],
    ],
    go: [
      `${G}log.Printf("charging card %s", query)`,
      [`${G}log.Printf("charging card ending %s", query[max(0, len(query)-4):])`],
    ],
    javascript: [
      `${S}logger.info('charging card ' + query);`,
      [`${S}logger.info('charging card ending ' + query.slice(-4));`],
    ],
    python: [
      `${P}logger.info("charging card " + query)`,
      [`${P}logger.info("charging card ending %s", query[-4:])`],
    ],
  }),
  xxe: same('Refuse DTDs and external entities', {
    java: [
      `${J}Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(query)));`,
      [
        `${J}DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();`,
        `${J}factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);`,
        `${J}Document doc = factory.newDocumentBuilder().parse(new InputSource(new StringReader(query)));`,
      ],
    ],
    go: [
      `${G}decoder := xml.NewDecoder(strings.NewReader(query))`,
      [`${G}decoder := xml.NewDecoder(strings.NewReader(query))`, `${G}decoder.Strict = true`],
    ],
    javascript: [
      `${S}const doc = libxml.parseXml(query, { noent: true });`,
      [`${S}const doc = libxml.parseXml(query, { noent: false, nonet: true });`],
    ],
    python: [
      `${P}doc = lxml.etree.fromstring(query, lxml.etree.XMLParser(resolve_entities=True))`,
      [`${P}doc = defusedxml.lxml.fromstring(query)`],
    ],
  }),
};

/** The language whose lines a file of `language` gets (an app of another language reads as Java). */
export function codeLanguage(language: string): CodeLanguage {
  return language === 'go' || language === 'javascript' || language === 'python' ? language : 'java';
}

/** Where the data enters: the source method's declaration, taking `input`. */
export function entryLine(language: CodeLanguage, method: string): string {
  const name = method.split('.').pop() ?? 'handle';
  switch (language) {
    case 'java':
      return `    public Object ${name}(String input) throws Exception {`;
    case 'go':
      return `func ${name}(input string) error {`;
    case 'javascript':
      return `async function ${name}(input) {`;
    case 'python':
      return `def ${name}(input):`;
  }
}

/** The step that carries the data to the sink. */
export function stepLine(language: CodeLanguage): string {
  return {
    java: `${J}String query = input;`,
    go: `${G}query := input`,
    javascript: `${S}const query = input;`,
    python: `${P}query = input`,
  }[language];
}

/** The fenced block's language of a file, by its name. */
export function fenceLanguage(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1);
  return (
    { java: 'java', go: 'go', js: 'javascript', py: 'python', xml: 'xml', json: 'json', mod: 'go' }[ext] ??
    'text'
  );
}
