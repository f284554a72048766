import { parsed } from '../../define.js';
import { pattern } from '../../parsers.js';

export const dirOption = parsed(
  '--dir <dir>',
  'the directory of the deliveries (default: webhooks/ in the state directory)',
  pattern(/\S/, 'expected a directory'),
  { complete: 'dir' },
);
