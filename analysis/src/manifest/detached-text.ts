// A string that does not keep a larger one alive: how a parsed document stops pinning the whole file.

/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 represents a slice of
 * 13 or more characters as a view into its parent, so one document's text (and every scalar sliced from
 * it) would keep the whole file's text of that version alive. Documents outlive the file version they
 * were cut from (an edit re-parses one document of 1,000 and reuses the rest), so without the copy each
 * edit left one full copy of a 1.3 MB file reachable until the document it touched was parsed again.
 * Prepending a character builds a new string (flattened into fresh memory when read); the slice after it
 * is a view into that copy alone.
 */
export function detachedText(text: string): string {
  return ` ${text}`.slice(1);
}
