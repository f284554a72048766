import type { TeamConfig } from '@secscan/api/schemas/org-config';
import { defineView } from '../core/view.js';

/** A team's own or effective analysis configuration (secrets only). */
export const teamConfigView = defineView<TeamConfig>({
  columns: [
    {
      key: 'disable',
      header: 'Secrets scanner',
      get: (c) => {
        const disable = c.analysis_configuration?.secrets?.disable;
        return disable === undefined ? '' : disable ? 'disabled' : 'enabled';
      },
    },
    {
      key: 'entropy',
      header: 'Entropy threshold',
      get: (c) => c.analysis_configuration?.secrets?.entropy,
    },
  ],
});
