import type { Dispatcher } from 'undici';

let shared: Promise<Dispatcher> | undefined;
let created: Dispatcher | undefined;

/** The process's one connection pool, built (and undici loaded) on the first request. */
export function defaultDispatcher(): Promise<Dispatcher> {
  shared ??= import('./undici.js').then(({ createAgent }) => {
    created = createAgent();
    return created;
  });
  return shared;
}

/** Closes the pool if a request made one; a run that sent nothing loads nothing here. */
export async function closeDefaultDispatcher(): Promise<void> {
  const d = created;
  shared = undefined;
  created = undefined;
  await d?.destroy();
}
