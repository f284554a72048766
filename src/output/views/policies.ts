import { defineView } from '../core/view.js';

/** One stored policy version per row: its name, the tags pointing at it, and its content hash. */
export type PolicyRow = {
  name: string;
  tags: string[];
  contentHash: string;
};

export const policyView = defineView<PolicyRow>({
  columns: [
    { key: 'name', header: 'NAME' },
    { key: 'tags', header: 'TAGS', priority: 2, get: (r) => r.tags.join(', ') },
    // A SHA-256 is 64 columns: on a narrow terminal its beginning tells versions apart, as a short Git
    // hash does (TSV and JSON carry it whole).
    { key: 'contentHash', header: 'CONTENT HASH', priority: 3, shrink: true },
  ],
  emptyMessage: 'No policies.',
});

export const pushedPolicyView = defineView<PolicyRow>({
  columns: [
    { key: 'name', header: 'Policy' },
    { key: 'tags', header: 'Tags', get: (r) => r.tags.join(', ') },
    { key: 'contentHash', header: 'Content hash' },
  ],
});
