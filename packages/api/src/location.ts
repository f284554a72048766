/**
 * Where a finding is, read from whichever shape its type gives `details` (the specification does not show
 * them; the service's are): `vuln` lists `file_locations` ("path:line") and a `dataflow` whose last step is
 * the sink; `secret` and `extscan` carry `fileName`/`lineNumber`; `oss_vuln` has a `location` tag
 * ("path#line"). Older and other shapes (`file_name`/`line_number`) are read last. The one reader of a
 * finding's place: views, `findings show`, SARIF and the sandbox's check results all use it.
 */

export interface FindingLocation {
  file: string;
  /** 1-based; absent when the shape names no line. */
  line?: number;
  method?: string;
}

export interface Locatable {
  details?: Record<string, unknown> | undefined;
  tags?: readonly { key: string; value: unknown }[] | undefined;
}

type Bag = Record<string, unknown>;

const isBag = (v: unknown): v is Bag => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function lineOf(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function at(file: string | undefined, line: unknown, method?: unknown): FindingLocation | undefined {
  if (!file) return undefined;
  const out: FindingLocation = { file };
  const n = lineOf(line);
  if (n !== undefined) out.line = n;
  const m = text(method);
  if (m) out.method = m;
  return out;
}

/** `path:line` or `path#line`; a path without a number after the separator is all path. */
function split(value: unknown, separator: ':' | '#'): FindingLocation | undefined {
  const s = text(value);
  if (!s) return undefined;
  const i = s.lastIndexOf(separator);
  if (i > 0 && lineOf(s.slice(i + 1)) !== undefined) return at(s.slice(0, i), s.slice(i + 1));
  return at(s, undefined);
}

/** The last step of a `vuln`'s dataflow that names a file: the sink. */
function dataflowSink(details: Bag): FindingLocation | undefined {
  const list = isBag(details.dataflow) ? details.dataflow.list : undefined;
  if (!Array.isArray(list)) return undefined;
  for (let i = list.length - 1; i >= 0; i--) {
    const step: unknown = list[i];
    const loc = isBag(step) && isBag(step.location) ? step.location : undefined;
    const found = loc && at(text(loc.file_name), loc.line_number, loc.method_name);
    if (found) return found;
  }
  return undefined;
}

function tagValue(f: Locatable, key: string): unknown {
  return f.tags?.find((t) => t.key === key)?.value;
}

export function findingLocation(f: Locatable): FindingLocation | undefined {
  const d = isBag(f.details) ? f.details : {};
  const sink = dataflowSink(d);
  const listed = Array.isArray(d.file_locations) ? split(d.file_locations[0], ':') : undefined;
  if (listed) {
    const sameFile = sink && sink.file === listed.file && (!listed.line || sink.line === listed.line);
    const method = sameFile ? sink.method : text(d.sink_method);
    return method && !listed.method ? { ...listed, method } : listed;
  }
  return (
    sink ??
    at(text(d.fileName), d.lineNumber) ??
    split(tagValue(f, 'location'), '#') ??
    at(text(d.file_name) ?? text(d.file) ?? text(d.path), d.line_number ?? d.line, d.method_name)
  );
}

/** `path:line (method)`, or '' when the finding names no place. */
export function formatLocation(location: FindingLocation | undefined): string {
  if (!location) return '';
  const line = location.line === undefined ? '' : `:${location.line}`;
  return `${location.file}${line}${location.method ? ` (${location.method})` : ''}`;
}
