/**
 * `load`, with calls for a key that is already being loaded joining that load instead of starting another: chunks
 * pushed together ask for the same discount and store at once. Nothing is kept once a load has settled, so each
 * caller sees the state of a read that began no earlier than the other calls in flight with it.
 */
export const sharedReads = <K, V>(load: (key: K) => Promise<V>): ((key: K) => Promise<V>) => {
  const loading = new Map<K, Promise<V>>();
  return (key) => {
    const running = loading.get(key);
    if (running) return running;
    const started = load(key).finally(() => loading.delete(key));
    loading.set(key, started);
    return started;
  };
};
