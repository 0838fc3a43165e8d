// Deep copies of plain JSON objects (the engine has no structuredClone: it sees no host globals).

/** A deep copy of a JSON-compatible value. */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
