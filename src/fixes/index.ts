/**
 * The fixes room: AutoFix's fixes (ask, wait, read), a finding's dataflow, the recommended fix's markdown
 * turned into edits, and a unified patch applied to a working tree, on the paths outside the public v4
 * document that the vendor's own clients call. `findings autofix`, `findings dataflow` and `findings fix`
 * call it, and so may the MCP server: it takes a client and plain values, never a verb's context.
 */
export {
  type AutofixFix,
  branchFixes,
  FixFailedError,
  type FixTarget,
  type FixWait,
  requestFix,
  waitForFix,
} from './autofix.js';
export { type DataflowStep, latestScan, newestScan, readDataflow, type ScanRef } from './dataflow.js';
export { type FixChange, FixMarkdownError, parseFixMarkdown } from './markdown.js';
export { applyFilePatch, type FilePatch, type Hunk, parsePatch, PatchError } from './patch.js';
export { applyToTree, type TreeChange, UnsafePatchError } from './tree.js';
