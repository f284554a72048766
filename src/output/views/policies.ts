import { defineView } from '../view.js';

/** One stored policy version per row: its name, the tags pointing at it, and its content hash. */
export type PolicyRow = {
  name: string;
  tags: string[];
  contentHash: string;
};

export const policyView = defineView<PolicyRow>({
  columns: [
    { key: 'name', header: 'NAME' },
    { key: 'tags', header: 'TAGS', get: (r) => r.tags.join(', ') },
    { key: 'contentHash', header: 'CONTENT HASH' },
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
