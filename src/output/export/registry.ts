import type { DocumentOf, DocumentType } from './document.js';
import type { SpecOf } from './spec.js';

type Registry = { [K in DocumentType]: () => Promise<SpecOf<DocumentOf<K>>> };

/** Each document type's spec, loaded when a document of that type is exported. */
const registry: Registry = {
  findings: async () => (await import('./findings.js')).findingsDocument,
  gate: async () => (await import('./gate.js')).gateDocument,
  'gate-not-evaluated': async () => (await import('./gate.js')).notEvaluatedDocument,
  compare: async () => (await import('./compare.js')).compareDocument,
  'policy-file': async () => (await import('./texts.js')).policyFileDocument,
  'policy-diff': async () => (await import('./texts.js')).policyDiffDocument,
  patch: async () => (await import('./texts.js')).patchDocument,
  'rules-file': async () => (await import('./texts.js')).rulesFileDocument,
  'access-file': async () => (await import('./texts.js')).accessFileDocument,
  'access-plan': async () => (await import('./texts.js')).accessPlanDocument,
  answer: async () => (await import('./texts.js')).answerDocument,
  trends: async () => (await import('../trends/exporters.js')).trendsDocument,
  sbom: async () => (await import('./texts.js')).sbomDocument,
};

export function specOf<K extends DocumentType>(type: K): Promise<SpecOf<DocumentOf<K>>> {
  return registry[type]();
}
