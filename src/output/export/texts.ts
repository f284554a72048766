import { accessChangeView, planText, renderAccessFile } from '../views/access.js';
import { renderDiff, renderPolicyFile } from '../formats/policy.js';
import { forTerminal } from '../../streams/sanitize.js';
import {
  type AccessFileDocument,
  type AccessPlanDocument,
  type AnswerDocument,
  listing,
  type PatchDocument,
  type PolicyDiffDocument,
  type PolicyFileDocument,
  type RulesFileDocument,
  type SbomDocument,
} from './document.js';
import { defineDocument } from './spec.js';
import { type ExportTarget, exportObject } from './target.js';

/** Text as it is for a file or a pipe; on a terminal, without anything it would act on. */
async function writeText(target: ExportTarget, text: string): Promise<void> {
  const shown = target.terminal ? forTerminal(text) : text;
  await target.out.write(shown.endsWith('\n') || shown === '' ? shown : `${shown}\n`);
}

/** `policies show`: the file byte for byte (its table and its YAML); {reference, content} for data. */
export const policyFileDocument = defineDocument<PolicyFileDocument>()({
  what: 'the policy file',
  rows: { none: 'a policy file is text, not rows' },
  whole: ({ reference, content }) => ({ reference, content }),
  default: 'table',
  own: {
    table: ({ content }, t) => renderPolicyFile(content, t.terminal)(t.out),
    yaml: ({ content }, t) => renderPolicyFile(content, t.terminal)(t.out),
  },
  reports: {},
});

/** `policies diff`: the unified diff (coloured on a terminal); {reference, exists, changed, diff} for data. */
export const policyDiffDocument = defineDocument<PolicyDiffDocument>()({
  what: 'the diff',
  rows: { none: 'a diff is text, not rows' },
  whole: ({ reference, exists, changed, diff }) => ({ reference, exists, changed, diff }),
  default: 'table',
  own: { table: ({ diff }, t) => renderDiff(diff, t.terminal)(t.out, t.chalk) },
  reports: {},
});

/** `findings autofix`: the patch as a diff (coloured on a terminal, as received in a pipe); the fix for data. */
export const patchDocument = defineDocument<PatchDocument>()({
  what: 'the fix',
  rows: { none: 'a patch is text, not rows' },
  whole: ({ item }) => item,
  default: 'table',
  own: { table: ({ patch }, t) => renderDiff(patch, t.terminal)(t.out, t.chalk) },
  reports: {},
});

/** `rules convert`: YAML (with a comment saying where it came from), or its JSON form. */
export const rulesFileDocument = defineDocument<RulesFileDocument>()({
  what: 'the rules file',
  rows: { none: 'a rules file is one document, not rows' },
  whole: ({ json }) => json as object,
  default: 'yaml',
  own: { yaml: ({ yaml }, t) => writeText(t, yaml) },
  reports: {},
});

/** `teams export`: the access file as YAML with a comment, or JSON. */
export const accessFileDocument = defineDocument<AccessFileDocument>()({
  what: 'the access file',
  rows: { none: 'an access file is one document, not rows' },
  whole: ({ doc }) => doc,
  default: 'yaml',
  own: { yaml: ({ doc }, t) => renderAccessFile(doc)(t.out) },
  reports: {},
});

/** `teams apply`: the plan for people on a table, one row a change otherwise. */
export const accessPlanDocument = defineDocument<AccessPlanDocument>()({
  what: 'the plan',
  rows: ({ changes }) => listing(changes, accessChangeView),
  own: { table: ({ changes }, t) => t.out.write(planText(changes, t.chalk)) },
  reports: {},
});

/** The service's answer whole for json and yaml; the rows made from it for every other format. */
export const answerDocument = defineDocument<AnswerDocument>()({
  what: 'the answer',
  rows: (doc) => doc.listing,
  whole: ({ answer }) => answer,
  reports: {},
});

/** `sbom`: the bill of materials, one JSON document as its standard writes it. */
export const sbomDocument = defineDocument<SbomDocument>()({
  what: 'the bill of materials',
  rows: { none: 'a bill of materials is one JSON document (CycloneDX or SPDX), not rows' },
  default: 'json',
  own: { json: ({ bom }, t) => exportObject(bom, undefined, t) },
  reports: {},
});
