/**
 * GitHub Actions' `${{ }}` expressions, the part the action and the README's workflow use: contexts read by
 * dotted names (`inputs.from-checkout`, `github.event.pull_request.head.sha`), string, number and boolean
 * literals, `==`, `!=`, `!`, `&&`, `||` (which yield an operand, as GitHub's do), parentheses and the status
 * functions. Anything else throws, so an expression this runner cannot evaluate fails the test rather than
 * being read as empty.
 */
export type Value = string | number | boolean | null | { [key: string]: Value } | Value[];

export interface Scope {
  contexts: Record<string, Value>;
  /** The job's status before this step: success() and failure() read it. */
  failed: boolean;
  /** Contexts whose every property is declared (`inputs`): reading another one throws. */
  strict?: string[];
}

type Token = { kind: 'op' | 'name' | 'string' | 'number'; text: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(==|!=|&&|\|\||[!().])|('(?:[^']|'')*')|(\d+(?:\.\d+)?)|([A-Za-z_][\w-]*))/y;
  let at = 0;
  while (at < source.length) {
    pattern.lastIndex = at;
    const m = pattern.exec(source);
    if (!m) {
      if (/^\s*$/.test(source.slice(at))) break;
      throw new Error(`expression: cannot read "${source.slice(at)}" in "${source}"`);
    }
    at = pattern.lastIndex;
    if (m[1]) tokens.push({ kind: 'op', text: m[1] });
    else if (m[2]) tokens.push({ kind: 'string', text: m[2].slice(1, -1).replaceAll("''", "'") });
    else if (m[3]) tokens.push({ kind: 'number', text: m[3] });
    else if (m[4]) tokens.push({ kind: 'name', text: m[4] });
  }
  return tokens;
}

export function truthy(value: Value): boolean {
  return value !== null && value !== false && value !== 0 && value !== '';
}

function loose(value: Value): string | number | boolean | null {
  if (typeof value === 'string') return value.toLowerCase();
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/** Evaluates one expression (the text between `${{` and `}}`, or a bare `if:`). */
export function evaluate(source: string, scope: Scope): Value {
  const tokens = tokenize(source);
  let i = 0;
  const peek = () => tokens[i]?.text;
  const expect = (text: string) => {
    if (tokens[i]?.text !== text) throw new Error(`expression: expected "${text}" in "${source}"`);
    i += 1;
  };

  function primary(): Value {
    const token = tokens[i++];
    if (!token) throw new Error(`expression: unexpected end of "${source}"`);
    if (token.kind === 'string') return token.text;
    if (token.kind === 'number') return Number(token.text);
    if (token.text === '(') {
      const value = or();
      expect(')');
      return value;
    }
    if (token.text === '!') return !truthy(primary());
    if (token.kind !== 'name') throw new Error(`expression: unexpected "${token.text}" in "${source}"`);
    if (token.text === 'true' || token.text === 'false') return token.text === 'true';
    if (token.text === 'null') return null;
    if (peek() === '(') {
      expect('(');
      expect(')');
      if (token.text === 'always') return true;
      if (token.text === 'success') return !scope.failed;
      if (token.text === 'failure') return scope.failed;
      throw new Error(`expression: unknown function ${token.text}() in "${source}"`);
    }
    if (!Object.hasOwn(scope.contexts, token.text)) {
      throw new Error(`expression: unknown context "${token.text}" in "${source}"`);
    }
    let value: Value = scope.contexts[token.text] as Value;
    let strict = scope.strict?.includes(token.text) ?? false;
    while (peek() === '.') {
      i += 1;
      const name = tokens[i++];
      if (name?.kind !== 'name') throw new Error(`expression: expected a property name in "${source}"`);
      if (strict && !Object.hasOwn(value as object, name.text)) {
        throw new Error(`expression: ${token.text}.${name.text} is not declared ("${source}")`);
      }
      strict = false;
      value =
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? (value[name.text] ?? null)
          : null;
    }
    return value;
  }

  function comparison(): Value {
    const left = primary();
    const op = peek();
    if (op !== '==' && op !== '!=') return left;
    i += 1;
    const equal = loose(left) === loose(primary());
    return op === '==' ? equal : !equal;
  }

  function and(): Value {
    let value = comparison();
    while (peek() === '&&') {
      i += 1;
      const right = comparison();
      value = truthy(value) ? right : value;
    }
    return value;
  }

  function or(): Value {
    let value = and();
    while (peek() === '||') {
      i += 1;
      const right = and();
      value = truthy(value) ? value : right;
    }
    return value;
  }

  const value = or();
  if (i !== tokens.length) throw new Error(`expression: unexpected "${peek()}" in "${source}"`);
  return value;
}

function text(value: Value): string {
  if (value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A string with its `${{ }}` expressions replaced by their values, as a runner fills `with:` and `env:`. */
export function interpolate(source: string, scope: Scope): string {
  return source.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) =>
    text(evaluate(expression, scope)),
  );
}

/** A step's `if:` (with or without `${{ }}`); without a status function it also needs success(). */
export function condition(source: string | boolean | undefined, scope: Scope): boolean {
  if (source === undefined) return !scope.failed;
  const expression = String(source)
    .trim()
    .replace(/^\$\{\{([\s\S]*)\}\}$/, '$1');
  const usesStatus = /\b(always|success|failure|cancelled)\(\)/.test(expression);
  return (usesStatus || !scope.failed) && truthy(evaluate(expression, scope));
}
