import type { Loader } from './define.js';
export const nouns: readonly Loader[] = [
  () => import('./auth/index.js'),
  () => import('./profiles/index.js'),
  () => import('./config/index.js'),
  () => import('./whoami/index.js'),
  () => import('./tokens/index.js'),
  () => import('./roles/index.js'),
  () => import('./scopes/index.js'),
  () => import('./sandbox/index.js'),
  () => import('./completion/index.js'),
];
