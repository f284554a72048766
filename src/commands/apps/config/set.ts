import { defineVerb } from '../../define.js';
import { configView } from '../../../output/views/apps.js';
import { configArgs, configOptions, validateConfig, writeConfig } from './internal/write.js';

export default defineVerb({
  name: 'set',
  summary: 'Replace the app’s configuration',
  examples: [
    'secscan apps config set payments-api --secrets-entropy 4.5 --cpg2sp-max-steps 200000',
    'secscan apps config set payments-api --file config.yml',
  ],
  operations: ['UpdateAppConfig', 'ReadAppConfig'],
  args: configArgs,
  options: configOptions,
  view: configView,
  validate: validateConfig,
  run: (ctx, { args: [id], opts }) => writeConfig(ctx, id, opts, true),
});
