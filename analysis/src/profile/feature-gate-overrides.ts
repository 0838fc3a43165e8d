// The `featureGates` of a cluster profile: what the cluster's components get as `--feature-gates`.
// Written as a map (`featureGates: {MaxUnavailableStatefulSet: true}`, in `.kubesim.yaml` and the
// settings) or as the flag's text (`Name=true,Other=false`, the CLI). Values are read as Go's
// strconv.ParseBool reads them, which is what component-base's featuregate Set uses.
import { featureGateProblems, type ClusterSpec } from '@kubesim/engine';

/** Parsed overrides and what could not be read (each problem names the entry). */
interface FeatureGateReading {
  gates: Record<string, boolean>;
  problems: string[];
}

const TRUE_WORDS = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);
const FALSE_WORDS = new Set(['0', 'f', 'F', 'FALSE', 'false', 'False']);
const GATE_NAME = /^[A-Za-z][A-Za-z0-9]*$/;

function parseBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const text = String(value).trim();
  if (TRUE_WORDS.has(text)) return true;
  if (FALSE_WORDS.has(text)) return false;
  return undefined;
}

/** Reads `Name=true,Other=false` or a `{Name: true}` map; `where` prefixes each problem. */
export function readFeatureGates(value: unknown, where: string): FeatureGateReading {
  const gates: Record<string, boolean> = {};
  const problems: string[] = [];
  let entries: [string, unknown][];
  if (typeof value === 'string') {
    entries = value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '')
      .map((item) => {
        const equals = item.indexOf('=');
        return equals < 0 ? [item, undefined] : [item.slice(0, equals).trim(), item.slice(equals + 1).trim()];
      });
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    entries = Object.entries(value as Record<string, unknown>);
  } else {
    return { gates, problems: [`${where}: featureGates must be a map of gate names to true or false (e.g. MaxUnavailableStatefulSet: true)`] };
  }
  for (const [name, raw] of entries) {
    const enabled = raw === undefined || raw === null ? undefined : parseBool(raw);
    if (!GATE_NAME.test(name)) problems.push(`${where}: featureGates: ${JSON.stringify(name)} is not a feature gate name`);
    else if (enabled === undefined) problems.push(`${where}: featureGates: invalid value of ${name}: ${JSON.stringify(raw ?? '')}, must be true or false`);
    else gates[name] = enabled;
  }
  return { gates, problems };
}

/** What is wrong with the cluster's gate overrides for its release (unknown names, gates the release lacks), prefixed with `where`. */
export function featureGateProblemsAt(cluster: ClusterSpec, where: string): string[] {
  return featureGateProblems(cluster).map((problem) => `${where}: ${problem}`);
}
