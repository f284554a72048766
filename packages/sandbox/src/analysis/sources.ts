import type { SandboxState } from '../state.js';
import { packageName } from './catalog.js';
import { codeLanguage, codeSnippets, entryLine, stepLine } from './code.js';
import type { FindingRecord } from '../model/analysis.js';

/**
 * The demo apps' sources: a small tree per app, written from its findings so that every place a finding
 * points at holds the code it names (a vuln's entry point, the step and the sink of its dataflow; a
 * dependency finding's declaration in the manifest). Lines no finding points at are blank. The same state
 * gives the same tree, and AutoFix's patches (autofix.ts) are patches of it.
 */

export interface SourceFile {
  path: string;
  content: string;
}

/** A vuln's places: the file, the entry point and step lines, and the sink line. */
export interface CodePlace {
  file: string;
  entry: number;
  step: number;
  sink: number;
}

interface DataflowStep {
  location?: { file_name?: unknown; line_number?: unknown };
}

/** A vuln's place, from its `details.dataflow` (the entry point first, the sink last). */
export function codePlace(f: FindingRecord): CodePlace | undefined {
  if (f.type !== 'vuln') return undefined;
  const list = (f.details.dataflow as { list?: DataflowStep[] } | undefined)?.list ?? [];
  const steps = list.map((s) => s.location).filter((l) => typeof l?.file_name === 'string');
  const [first, second] = steps;
  const last = steps.at(-1);
  if (!first || !last || typeof last.line_number !== 'number') return undefined;
  return {
    file: String(first.file_name),
    entry: Number(first.line_number),
    step: Number(second?.line_number ?? first.line_number),
    sink: last.line_number,
  };
}

/** A dependency finding's place: the manifest and the line of the `location` tag (`pom.xml#52`). */
export function manifestPlace(f: FindingRecord): { file: string; line: number } | undefined {
  if (!f.dependency) return undefined;
  const location = f.tags.find((t) => t.key === 'location')?.value ?? '';
  const m = /^(.+)#(\d+)$/.exec(location);
  if (!m || m[1] === 'Dockerfile') return undefined;
  return { file: m[1] as string, line: Number(m[2]) };
}

/** The declaration of a package at a version, as the manifest writes it. */
export function declaration(file: string, purl: string, version: string): string {
  const at = purl.lastIndexOf('@');
  const name = packageName(at > 0 ? purl.slice(0, at) : purl);
  if (file === 'pom.xml') {
    const [group, artifact] = name.split(':');
    return `    <dependency><groupId>${group}</groupId><artifactId>${artifact}</artifactId><version>${version}</version></dependency>`;
  }
  if (file === 'go.mod') return `\t${name} v${version.replace(/^v/, '')}`;
  if (file === 'package.json') return `    "${name}": "${version}",`;
  return `${name}==${version}`;
}

/** A manifest's lines before and after its declarations (the declarations are at line 5 and after). */
function manifestFrame(file: string, app: string): { head: string[]; tail: string[] } {
  switch (file) {
    case 'pom.xml':
      return {
        head: [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<project xmlns="http://maven.apache.org/POM/4.0.0">',
          '  <modelVersion>4.0.0</modelVersion>',
          '  <dependencies>',
        ],
        tail: ['  </dependencies>', '</project>'],
      };
    case 'go.mod':
      return { head: [`module git.example.com/demo/${app}`, '', 'go 1.22', 'require ('], tail: [')'] };
    case 'package.json':
      return {
        head: ['{', `  "name": "${app}",`, '  "private": true,', '  "dependencies": {'],
        tail: ['    "express": "4.21.2"', '  }', '}'],
      };
    default:
      return { head: [`# The Python packages of ${app}`], tail: [] };
  }
}

class Tree {
  private readonly files = new Map<string, Map<number, string>>();

  /** Puts `text` at `line` of `file` unless something is there already (the first finding keeps it). */
  put(file: string, line: number, text: string): void {
    const lines = this.files.get(file) ?? new Map<number, string>();
    this.files.set(file, lines);
    if (line >= 1 && !lines.has(line)) lines.set(line, text);
  }

  has(file: string): boolean {
    return this.files.has(file);
  }

  /** Every file, its lines 1 to the last one set (blank between), then `tail`. */
  write(tails: Map<string, string[]>): SourceFile[] {
    return [...this.files]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, lines]) => {
        const last = Math.max(0, ...lines.keys());
        const body = Array.from({ length: last }, (_, i) => lines.get(i + 1) ?? '');
        return { path, content: `${[...body, ...(tails.get(path) ?? [])].join('\n')}\n` };
      });
  }
}

function byId(a: FindingRecord, b: FindingRecord): number {
  return Number(a.id) - Number(b.id);
}

/** The app's language, as its findings were written for it (`language` tag), Java otherwise. */
function languageOf(findings: readonly FindingRecord[]): string {
  return findings.map((f) => f.tags.find((t) => t.key === 'language')?.value).find(Boolean) ?? 'java';
}

/**
 * The demo sources of an app: every file its findings point at, a sink first where places meet (then the
 * entry points and steps, then the manifests' declarations).
 */
export function demoSources(state: SandboxState, app: string): SourceFile[] {
  const findings = state.analysis.findings.filter((f) => f.app === app).sort(byId);
  const language = codeLanguage(languageOf(findings));
  const tree = new Tree();
  const vulns = findings.flatMap((f) => {
    const place = codePlace(f);
    return place ? [{ f, place }] : [];
  });
  for (const { f, place } of vulns) {
    const key = f.internal_id.split('/')[0] as string;
    const sink = codeSnippets[key]?.[language].sink ?? genericSink(f, language);
    tree.put(place.file, place.sink, sink);
  }
  for (const { f, place } of vulns) {
    tree.put(place.file, place.entry, entryLine(language, String(f.details.source_method ?? 'handle')));
    tree.put(place.file, place.step, stepLine(language));
  }
  const tails = new Map<string, string[]>();
  for (const f of findings) {
    const place = manifestPlace(f);
    const dep = f.dependency;
    if (!place || !dep) continue;
    if (!tree.has(place.file)) {
      const frame = manifestFrame(place.file, app);
      frame.head.forEach((text, i) => tree.put(place.file, i + 1, text));
      tails.set(place.file, frame.tail);
    }
    const at = dep.purl.lastIndexOf('@');
    tree.put(place.file, place.line, declaration(place.file, dep.purl, dep.purl.slice(at + 1)));
  }
  return tree.write(tails);
}

/** The sink of a vuln whose template has no lines of its own: a call of its sink method. */
export function genericSink(f: FindingRecord, language: string): string {
  const call = `${String(f.details.sink_method ?? 'sink')}(query)`;
  return language === 'python' ? `    ${call}` : language === 'go' ? `\t${call}` : `        ${call};`;
}
