import { defineVerb } from '../../define.js';
import { configView } from '../../../output/views/apps.js';
import { configArgs, configOptions, validateConfig, writeConfig } from './internal/write.js';

export default defineVerb({
  name: 'patch',
  summary: 'Change only the given settings',
  examples: ['secscan apps config patch payments-api --secrets-disable'],
  operations: ['PatchAppConfig', 'ReadAppConfig'],
  args: configArgs,
  options: configOptions,
  view: configView,
  validate: validateConfig,
  run: (ctx, { args: [id], opts }) => writeConfig(ctx, id, opts, false),
});
