import { accessChangeView, planText, renderAccessFile } from '../views/access.js';
import { renderDiff, renderPolicyFile } from '../formats/policy.js';
import { forTerminal, safeJson } from '../../streams/sanitize.js';
import type {
  AccessFileDocument,
  AccessPlanDocument,
  AnswerDocument,
  PatchDocument,
  PolicyDiffDocument,
  PolicyFileDocument,
  RulesFileDocument,
} from './document.js';
import { type DocumentExporters, type ExportTarget, exportObject, exportRows } from './target.js';

/** Text as it is for a file or a pipe; on a terminal, without anything it would act on. */
async function writeText(target: ExportTarget, text: string): Promise<void> {
  const shown = target.terminal ? forTerminal(text) : text;
  await target.out.write(shown.endsWith('\n') || shown === '' ? shown : `${shown}\n`);
}

/** `policies show`: the file byte for byte; {reference, content} for json and ndjson. */
export const policyFileExporters: DocumentExporters<PolicyFileDocument> = {
  formats: {
    json: ({ reference, content }, t) => exportObject({ reference, content }, undefined, t),
    ndjson: ({ reference, content }, t) => exportObject({ reference, content }, undefined, t),
  },
  otherwise: ({ content }, t) => renderPolicyFile(content, t.terminal)(t.out),
};

const diffObject = ({ reference, exists, changed, diff }: PolicyDiffDocument) => ({
  reference,
  exists,
  changed,
  diff,
});

/** `policies diff`: the unified diff (coloured on a terminal); {reference, exists, changed, diff} for data. */
export const policyDiffExporters: DocumentExporters<PolicyDiffDocument> = {
  formats: {
    json: (doc, t) => exportObject(diffObject(doc), undefined, t),
    ndjson: (doc, t) => exportObject(diffObject(doc), undefined, t),
    yaml: (doc, t) => exportObject(diffObject(doc), undefined, t),
  },
  otherwise: ({ diff }, t) => renderDiff(diff, t.terminal)(t.out, t.chalk),
};

/** `findings autofix`: the patch as a diff (coloured on a terminal, as received in a pipe); the fix for data. */
export const patchExporters: DocumentExporters<PatchDocument> = {
  formats: {
    json: ({ item }, t) => exportObject(item, undefined, t),
    ndjson: ({ item }, t) => exportObject(item, undefined, t),
    yaml: ({ item }, t) => exportObject(item, undefined, t),
  },
  otherwise: ({ patch }, t) => renderDiff(patch, t.terminal)(t.out, t.chalk),
};

/** `rules convert`: YAML, or JSON with -o json. */
export const rulesFileExporters: DocumentExporters<RulesFileDocument> = {
  formats: { json: ({ json }, t) => writeText(t, `${safeJson(json, 2)}\n`) },
  otherwise: ({ yaml }, t) => writeText(t, yaml),
};

/** `teams export`: the access file as YAML with a comment, or JSON. */
export const accessFileExporters: DocumentExporters<AccessFileDocument> = {
  formats: { json: ({ doc }, t) => renderAccessFile(doc, 'json')(t.out) },
  otherwise: ({ doc }, t) => renderAccessFile(doc, 'yaml')(t.out),
};

/** `teams apply`: the plan for people on a table, one row a change otherwise. */
export const accessPlanExporters: DocumentExporters<AccessPlanDocument> = {
  formats: { table: ({ changes }, t) => t.out.write(planText(changes, t.chalk)) },
  async otherwise({ changes }, t) {
    await exportRows(changes, accessChangeView, t);
  },
};

/** The service's answer whole for json and yaml; the rows made from it for every other format. */
export const answerExporters: DocumentExporters<AnswerDocument> = {
  formats: {
    json: ({ answer }, t) => exportObject(answer, undefined, t),
    yaml: ({ answer }, t) => exportObject(answer, undefined, t),
  },
  async otherwise({ listing, footer }, t) {
    await listing.open((rows, view) => exportRows(rows, view, t, footer));
  },
};
