// Whether an Indexed Job's successPolicy is met, following kubernetes pkg/controller/job/success_policy.go
// (matchSuccessPolicy): the first rule whose succeededIndexes all succeeded (or, with succeededCount, at
// least that many of them; a rule with only succeededCount counts every succeeded index) decides, with the
// condition reason SuccessPolicy and the message `Matched rules at index N` (JobReasonSuccessPolicy).
import type { JsonObject, JsonValue } from '../model/objects';

/** The reason the success conditions carry when a success policy rule matched. */
export const SUCCESS_POLICY_REASON = 'SuccessPolicy';

function asObject(value: JsonValue | undefined): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

// parseIndexesFromString: `0-2,4` as a set; the API server has validated the text.
function parseIndexes(text: string, completions: number): Set<number> {
  const indexes = new Set<number>();
  for (const part of text.split(',')) {
    const [first, last = first] = part.split('-').map(Number);
    if (first === undefined || !Number.isInteger(first) || !Number.isInteger(last)) continue;
    for (let index = first; index <= last && index < completions; index++) indexes.add(index);
  }
  return indexes;
}

/** The message of the first rule the succeeded indexes meet, undefined when none is met (or no policy is set). */
export function matchSuccessPolicy(policy: JsonValue | undefined, completions: number, succeeded: ReadonlySet<number>): string | undefined {
  const rules = asObject(policy)?.rules;
  if (!Array.isArray(rules)) return undefined;
  for (let index = 0; index < rules.length; index++) {
    const rule = asObject(rules[index]) ?? {};
    const count = typeof rule.succeededCount === 'number' ? rule.succeededCount : undefined;
    if (typeof rule.succeededIndexes === 'string') {
      const wanted = parseIndexes(rule.succeededIndexes, completions);
      const done = [...wanted].filter((item) => succeeded.has(item)).length;
      if (count === undefined ? done === wanted.size && wanted.size > 0 : done >= count) return `Matched rules at index ${index}`;
    } else if (count !== undefined && succeeded.size >= count) return `Matched rules at index ${index}`;
  }
  return undefined;
}
