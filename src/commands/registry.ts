import type { Loader } from './define.js';
export const nouns: readonly Loader[] = [
  () => import('./tokens/index.js'),
  () => import('./compounds/index.js'),
  () => import('./apps/index.js'),
  () => import('./app-groups/index.js'),
  () => import('./analyze-failures/index.js'),
];
