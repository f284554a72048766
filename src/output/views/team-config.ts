import type { TeamConfig } from '@secscan/api/schemas/org-config';
import { defineView } from '../core/view.js';
import { secretsSummary } from './org.js';

/** A team's own or effective analysis configuration (secrets only): `secrets  enabled, entropy 4.5`. */
export const teamConfigView = defineView<TeamConfig>({
  columns: [
    {
      key: 'secrets',
      header: 'Secrets scanning',
      get: (c) => secretsSummary(c.analysis_configuration?.secrets),
    },
  ],
});
