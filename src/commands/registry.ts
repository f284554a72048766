import type { Loader } from './define.js';
export const nouns: readonly Loader[] = [() => import('./tokens/index.js'), () => import('./scans/index.js')];
