/**
 * The browser's localStorage and sessionStorage for unit tests: a Map behind the Storage methods,
 * whose keys `Object.keys(localStorage)` lists as a browser's does (logout clears by prefix).
 */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  const storage = {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, String(value)),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
    key: (index: number) => [...map.keys()][index] ?? null,
    get length() {
      return map.size;
    },
  };
  return new Proxy(storage, {
    ownKeys: () => [...map.keys()],
    getOwnPropertyDescriptor: (_target, key) =>
      typeof key === 'string' && map.has(key)
        ? { enumerable: true, configurable: true, value: map.get(key) }
        : undefined,
  }) as Storage;
}

/** Puts fresh stores in place of the browser's; the tests read them back through the globals. */
export function installMemoryStorage() {
  const local = memoryStorage();
  const session = memoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: local, configurable: true });
  Object.defineProperty(globalThis, 'sessionStorage', { value: session, configurable: true });
  return { local, session };
}
