import { type BaseFormatName, baseFormatNames, baseFormats, isBaseFormat } from '../base/index.js';
import type { OutputFormat } from '../core/format.js';
import type { ReportFormatName } from '../formats/reports.js';
import type { Document, Listing } from './document.js';
import { type ExportTarget, exportObject, exportRows, type GithubReport } from './target.js';

/** Writes one document in one format. */
export type Exporter<D> = (doc: D, target: ExportTarget) => Promise<void>;

/** A report format of a document: what the file holds (the help of its --report-FORMAT flag) and its writer. */
export interface Report<D> {
  /** `JUnit XML: one test case per rule`: its flag says `write` and this. */
  summary: string;
  write: Exporter<D>;
}

/** A document that cannot be rows, and why (a base format that reads only rows is refused, saying so). */
export interface NoRows {
  none: string;
}

/**
 * What one document type is to output: its rows and their view (every base format reads them), its whole
 * (what json and yaml write, else its rows), what it writes itself in a base format, and the report formats
 * it has. The formats a command takes follow from the document it declares (`formatsOf`).
 */
export interface DocumentSpec<
  D,
  R extends ReportFormatName = never,
  F extends Document = Document,
  B extends BaseFormatName = never,
> {
  /** What it is, for `--out`'s help: `the verdict`, `the findings`. */
  what: string;
  /** Its rows and the view that shows them, or why it cannot be rows. */
  rows: ((doc: D) => Listing) | NoRows;
  /** The complete object, for the formats that read the whole (json, yaml); without it, they write the rows. */
  whole?: (doc: D) => object;
  /** Its own view in a base format, in place of the rows or the whole (the gate's table, a policy's text). */
  own?: Partial<Record<BaseFormatName, Exporter<D>>>;
  /** The report formats it has. */
  reports: { readonly [K in R]: Report<D> };
  /**
   * What a run without -o gets, terminal or not: `table` for what a person reads even in a CI log (a
   * gate's verdict), or the one format of a file (an access file's YAML). Required when it takes no table
   * or no tsv; else a table on a terminal, tsv down a pipe.
   */
  default?: BaseFormatName;
  /** Base formats that are also report files of its own (`--report-json`), with what the file holds. */
  reportFlags?: { readonly [K in B]: string };
  /** Lines for stderr after the data on standard output, in every format but its own (the gate's verdict). */
  notes?(doc: D): readonly string[];
  /** Copies that each read the document once, for several exporters (a stream read in one pass). */
  fork?(doc: D, count: number): D[];
  /** On GitHub Actions (`GITHUB_ACTIONS=true`): annotations and the step summary. */
  github?(doc: D): GithubReport | undefined | Promise<GithubReport | undefined>;
  /**
   * The document its report files hold instead when one of them could not be written (fail closed); a
   * command that declares this document may return that one too.
   */
  failed?(doc: D, error: unknown): F;
}

/** A document type's spec, its report formats (and report flags, and failed form) inferred from it. */
export function defineDocument<D>() {
  return <R extends ReportFormatName = never, F extends Document = never, B extends BaseFormatName = never>(
    spec: DocumentSpec<D, R, F, B>,
  ): DocumentSpec<D, R, F, B> => spec;
}

/** The spec of a document of type D, whatever reports it has. */
export type SpecOf<D> = DocumentSpec<D, never, Document, never>;

/** A spec of any document (what a verb declares). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySpec = SpecOf<any>;

/** The report format names of a spec. */
export type ReportsOf<S> = S extends { reports: infer R } ? keyof R & ReportFormatName : never;

/** The formats of a spec's `--report-FORMAT` flags: its reports and the base formats it names. */
export type ReportFlagsOf<S> =
  ReportsOf<S> | (S extends { reportFlags?: infer B } ? keyof NonNullable<B> & BaseFormatName : never);

/** The documents a command declaring this spec may return: its own and its failed form. */
export type DocumentsOf<S> = 0 extends 1 & S
  ? Document // a verb of any shape (a loader's): any document
  : S extends { failed?: (doc: infer D, error: unknown) => infer F }
    ? D | F
    : never;

/** The `--report-FORMAT` flags of a spec, with what each file holds. */
export function reportFlagsOf(spec: AnySpec): [OutputFormat, string][] {
  const reports = Object.entries(spec.reports as Record<string, Report<unknown>>);
  return [
    ...Object.entries((spec.reportFlags ?? {}) as Record<string, string>),
    ...reports.map(([name, r]): [string, string] => [name, r.summary]),
  ] as [OutputFormat, string][];
}

/** How a document is written in a format: its own writer, its whole, its rows or a report; own says which. */
interface Writer<D> {
  write: Exporter<D>;
  /** Its own view (no notes after it). */
  own: boolean;
}

function baseWriter<D>(spec: SpecOf<D>, format: BaseFormatName): Writer<D> | undefined {
  const own = spec.own?.[format];
  if (own) return { write: own, own: true };
  const { rows, whole } = spec;
  for (const form of baseFormats[format].reads) {
    if (form === 'whole' && whole) {
      return { write: (doc, target) => exportObject(whole(doc), undefined, target), own: false };
    }
    if (form === 'rows' && typeof rows === 'function') {
      const write: Exporter<D> = async (doc, target) => {
        const listing = rows(doc);
        await listing.open((items, view) => exportRows(items, view, target, listing.footer));
      };
      return { write, own: false };
    }
  }
  return undefined;
}

/** The writer of a document in a format, or undefined when the document does not have it. */
export function writerOf<D>(spec: SpecOf<D>, format: OutputFormat): Writer<D> | undefined {
  if (isBaseFormat(format)) return baseWriter(spec, format);
  const report = (spec.reports as Partial<Record<ReportFormatName, Report<D>>>)[format];
  return report && { write: report.write, own: false };
}

/** The formats -o and --out take for a document: the base ones it can be written in, then its reports. */
export function formatsOf<S extends AnySpec>(spec: S): (BaseFormatName | ReportsOf<S>)[] {
  const base = baseFormatNames.filter((f) => baseWriter(spec, f) !== undefined);
  // A format a run gets without -o though it takes no table (an access file's YAML) comes first.
  const first = spec.default !== undefined && !base.includes('table') ? [spec.default] : [];
  return [
    ...first,
    ...base.filter((f) => !first.includes(f)),
    ...(Object.keys(spec.reports) as ReportsOf<S>[]),
  ];
}

/** The base formats a document refuses (it cannot be rows), and why; undefined when it takes them all. */
export function refusedOf(spec: AnySpec): { formats: BaseFormatName[]; why: string } | undefined {
  const formats = baseFormatNames.filter((f) => baseWriter(spec, f) === undefined);
  if (!formats.length) return undefined;
  return { formats, why: 'none' in spec.rows ? spec.rows.none : 'it is rows, not one object' };
}

/**
 * What a run without -o gets: the document's default; a document that takes no table (or no tsv) must
 * declare one, or a run without -o would get a format it refuses.
 */
export function defaultOf(spec: AnySpec, where: string): BaseFormatName | undefined {
  const formats: string[] = formatsOf(spec);
  if (spec.default !== undefined) {
    if (!formats.includes(spec.default))
      throw new Error(`${where}: its default ${spec.default} is not one of its formats`);
    return spec.default;
  }
  if (!formats.includes('table') || !formats.includes('tsv')) {
    throw new Error(`${where}: its document takes no table or no tsv, so it must declare its default format`);
  }
  return undefined;
}
