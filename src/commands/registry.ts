import type { Loader } from './define.js';
export const nouns: readonly Loader[] = [
  () => import('./tokens/index.js'),
  () => import('./findings/index.js'),
  () => import('./dependencies/index.js'),
  () => import('./packages/index.js'),
  () => import('./sca/index.js'),
];
