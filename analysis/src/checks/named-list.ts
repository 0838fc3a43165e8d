// A bounded list of names for a finding's message: the first few, then how many more. A message names
// other objects of the workspace; unbounded, 400 overlapping Deployments made one message of 8 KB per
// Deployment (3.2 MB per file) and 7,918 made a string longer than V8 allows.

/** Names a message lists at most; the rest are counted. */
const NAMED_IN_MESSAGE = 3;

/** `a, b, c` up to `limit` names, else `a, b, c and 397 more` (the order given, each name once). */
export function namedList(names: Iterable<string>, limit = NAMED_IN_MESSAGE): string {
  const unique = [...new Set(names)];
  if (unique.length <= limit) return unique.join(', ');
  return `${unique.slice(0, limit).join(', ')} and ${unique.length - limit} more`;
}
