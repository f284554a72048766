import { Document, visit } from 'yaml';
import type { RulesFile } from '@secscan/api/rules/rules-file';
import { sanitize, yamlEscapes, yamlQuoted } from '../../../streams/sanitize.js';

/** A rules file in secscan's own shape, as YAML (`rules convert`); `from` names the file it came from. */
export function rulesFileText(read: RulesFile, from: string): string {
  const origin = read.format === 'secscan' ? 'secscan' : `sl check-analysis ${read.format.slice(3)}`;
  const header = `# secscan rules, converted from ${sanitize(from)} (${origin}) by \`secscan rules convert\`\n`;
  // A value holding a control, bidi or zero-width character (or a CI runner's command) is written
  // double-quoted, that character `\u` escaped.
  const doc = new Document(read.file);
  let risky = false;
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && yamlQuoted(node.value)) {
        node.type = 'QUOTE_DOUBLE';
        risky = true;
      }
    },
  });
  const text = doc.toString({ lineWidth: 0 });
  return header + (risky ? yamlEscapes(text) : text);
}
