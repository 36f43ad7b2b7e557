// A small external store (one per area: app, canvas, editor, AI, review) read by components
// through useSyncExternalStore; selectors return parts of the state, never new objects.
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(patch: Partial<T> | ((s: T) => Partial<T>)): void;
  subscribe(fn: () => void): () => void;
  use<U>(select: (s: T) => U): U;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const subs = new Set<() => void>();
  const store: Store<T> = {
    get: () => state,
    set(patch) {
      const p = typeof patch === 'function' ? patch(state) : patch;
      state = { ...state, ...p };
      for (const fn of [...subs]) fn();
    },
    subscribe(fn) { subs.add(fn); return () => { subs.delete(fn); }; },
    use: (select) => useSyncExternalStore(store.subscribe, () => select(state)),
  };
  return store;
}
