// Parsed documents, objects and source trees are readonly once handed out (ARCHITECTURE.md, "Cached
// objects are never mutated"); the code that builds one fills it in through this writable view first.

/** A value still being built: its own fields writable until it is handed out, never after. */
export type UnderConstruction<T> = { -readonly [K in keyof T]: T[K] };
