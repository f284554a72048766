import { settingView } from '../../output/views/config.js';
import { defineVerb } from '../define.js';
import { settingRows } from './internal/keys.js';

export default defineVerb({
  name: 'list',
  aliases: ['ls'],
  summary: 'Show each effective setting and where it comes from (flag, environment, profile)',
  examples: ['secscan config list', 'SECSCAN_ORG_ID=... secscan config list'],
  operations: [],
  view: settingView,
  async run(ctx) {
    return { kind: 'list', rows: settingRows(await ctx.settings()) };
  },
});
