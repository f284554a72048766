import type { DocumentOf, DocumentType } from './document.js';
import type { DocumentExporters } from './target.js';

type Registry = { [K in DocumentType]: () => Promise<DocumentExporters<DocumentOf<K>>> };

/** Each document type's exporters, loaded when a document of that type is exported. */
const registry: Registry = {
  findings: async () => (await import('./findings.js')).findingsExporters,
  gate: async () => (await import('./gate.js')).gateExporters,
  'gate-not-evaluated': async () => (await import('./gate.js')).notEvaluatedExporters,
  compare: async () => (await import('./compare.js')).compareExporters,
  'policy-file': async () => (await import('./texts.js')).policyFileExporters,
  'policy-diff': async () => (await import('./texts.js')).policyDiffExporters,
  patch: async () => (await import('./texts.js')).patchExporters,
  'rules-file': async () => (await import('./texts.js')).rulesFileExporters,
  'access-file': async () => (await import('./texts.js')).accessFileExporters,
  'access-plan': async () => (await import('./texts.js')).accessPlanExporters,
  answer: async () => (await import('./texts.js')).answerExporters,
  trends: async () => (await import('../trends/exporters.js')).trendsExporters,
};

export function exportersOf<K extends DocumentType>(type: K): Promise<DocumentExporters<DocumentOf<K>>> {
  return registry[type]();
}
