// Does a values change roll out? The rendered workloads of a chart before and after the edit, compared with the
// analysis's one rollout verdict (the defaulted pod-template-hash or ControllerRevision data), the values keys the
// edit changed (where the lens goes) and the rendered workload the preview plays.
import type { ClusterSpec } from '@kubesim/engine';
import { isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { rolloutVerdict } from '../checks/rollout-verdict';
import type { ManifestObject } from '../manifest/manifest-document';
import type { SourceSpan } from '../manifest/source-span';
import type { HelmCheckResult } from './chart-check';
import type { RenderedChart } from './render-chart';

const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'DaemonSet']);
/** Lenses on one values file at most: an edit that rewrote the whole file is one edit, not a lens per line. */
const MAX_CHANGED_KEYS = 20;

/** One rendered workload and what the edit does to it. */
export interface ValuesRollout {
  readonly kind: string;
  readonly name: string;
  /** `rolls`: a new ReplicaSet or revision (pods replaced); `stays`: the template hashes the same; `created`: new in the rendering. */
  readonly effect: 'rolls' | 'stays' | 'created';
  /** The ReplicaSet or ControllerRevision the edited template maps to, when known. */
  readonly revision?: string;
  readonly object: ManifestObject;
}

/** The rendering of `result` that reads `path`: the set whose values files name it, else the first (defaults, or the declared set). */
function renderingReading(result: HelmCheckResult, path: string): RenderedChart | undefined {
  return result.renderings.find((rendered) => rendered.valuesSet.valuesFiles.includes(path)) ?? result.renderings[0];
}

/** The same values set in another check of the chart (the baseline), by its values files. */
function sameRenderingIn(result: HelmCheckResult | undefined, rendered: RenderedChart): RenderedChart | undefined {
  const key = rendered.valuesSet.valuesFiles.join('\u0000');
  return result?.renderings.find((candidate) => candidate.valuesSet.valuesFiles.join('\u0000') === key);
}

const identity = (object: ManifestObject) => `${object.apiVersion}/${object.kind}/${object.namespace ?? ''}/${object.name ?? ''}`;

/** Each apps/v1 workload of `now`, compared with the same workload of `base` by the rollout verdict (rollout-verdict.ts). */
function valuesRollouts(now: RenderedChart, base: RenderedChart, cluster: ClusterSpec): ValuesRollout[] {
  const before = new Map(base.objects.map((entry) => [identity(entry.object), entry.object]));
  const rollouts: ValuesRollout[] = [];
  for (const { object } of now.objects) {
    if (object.apiVersion !== 'apps/v1' || !WORKLOAD_KINDS.has(object.kind) || object.name === undefined) continue;
    const old = before.get(identity(object));
    if (!old) {
      rollouts.push({ kind: object.kind, name: object.name, effect: 'created', object });
      continue;
    }
    const verdict = rolloutVerdict(object, old, cluster);
    if (!verdict) continue;
    rollouts.push({
      kind: object.kind,
      name: object.name,
      effect: verdict.changed ? 'rolls' : 'stays',
      object,
      ...(verdict.name ? { revision: verdict.name } : {}),
    });
  }
  return rollouts;
}

/** The lens title over a changed values key: which rendered workloads the edit rolls out, or that none does. */
export function valuesRolloutTitle(rollouts: readonly ValuesRollout[]): string {
  const rolled = rollouts.filter((rollout) => rollout.effect === 'rolls');
  const created = rollouts.filter((rollout) => rollout.effect === 'created');
  const parts = rolled.map(
    (rollout) => `${rollout.name} (new ${rollout.kind === 'Deployment' ? 'ReplicaSet' : 'revision'}${rollout.revision ? ` ${rollout.revision}` : ''})`,
  );
  const made = created.map((rollout) => `creates ${rollout.kind} ${rollout.name}`);
  if (parts.length > 0 || made.length > 0)
    return `▶ Preview rollout · ${[parts.length > 0 ? `this values edit rolls out ${parts.join(', ')}` : '', ...made].filter(Boolean).join('; ')}`;
  if (rollouts.length === 0) return '▶ Preview rollout · the chart renders no Deployment, StatefulSet or DaemonSet';
  return `▶ Preview rollout · this values edit replaces no pods (${rollouts.map((rollout) => rollout.name).join(', ')} keep their pods)`;
}

/** The rendered workload the preview of a values edit plays: the first one the edit rolls out, else the first. */
export function previewedWorkload(rollouts: readonly ValuesRollout[]): ValuesRollout | undefined {
  return rollouts.find((rollout) => rollout.effect === 'rolls') ?? rollouts.find((rollout) => rollout.effect === 'created') ?? rollouts[0];
}

/** A values key whose value the edit changed, where it is written now. */
interface ChangedValuesKey {
  readonly path: readonly (string | number)[];
  readonly span: SourceSpan;
}

/** The keys of `text` whose value differs from `baseText` (deepest changed keys, lists by index); at most MAX_CHANGED_KEYS. */
export function changedValuesKeys(text: string, baseText: string | undefined): ChangedValuesKey[] {
  if (baseText === undefined || baseText === text) return [];
  const document = parseDocument(text, { uniqueKeys: false });
  let now: unknown;
  let base: unknown;
  try {
    now = document.toJS();
    base = parseDocument(baseText, { uniqueKeys: false }).toJS();
  } catch {
    // A values file helm cannot read either (a bad alias): helm's error says so, no lens does.
    return [];
  }
  const changed: ChangedValuesKey[] = [];
  // `node` is the source of `now` (its value as helm reads it): both are walked together, `old` beside them.
  const walk = (node: unknown, now: unknown, old: unknown, path: (string | number)[], span: SourceSpan | undefined): void => {
    if (changed.length >= MAX_CHANGED_KEYS) return;
    if (isMap(node) && isPlainObject(now) && isPlainObject(old)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
        const range = (pair.key as Node | undefined)?.range;
        if (key === undefined || !range) continue;
        walk(pair.value, now[key], old[key], [...path, key], { start: range[0], end: range[1] });
      }
      return;
    }
    if (isSeq(node) && Array.isArray(now) && Array.isArray(old) && old.length === now.length) {
      node.items.forEach((item, index) => {
        const range = (item as Node | undefined)?.range;
        walk(item, now[index], old[index], [...path, index], range ? { start: range[0], end: range[1] } : span);
      });
      return;
    }
    if (span && JSON.stringify(now) !== JSON.stringify(old)) changed.push({ path, span });
  };
  walk(document.contents, now, base, [], undefined);
  return changed;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A values edit seen through the chart: the rendering that reads the file now, the same values set before, each workload's effect. */
interface ValuesEdit {
  readonly now: RenderedChart;
  /** Undefined when the chart did not render before (a fresh create is all there is to play). */
  readonly base?: RenderedChart;
  readonly rollouts: readonly ValuesRollout[];
}

/**
 * What editing `path` (a values file or template of the chart) does: the chart's last check against its baseline
 * check (git HEAD or as opened). Undefined while the chart has no clean rendering reading the file.
 */
export function valuesEditOf(now: HelmCheckResult | undefined, base: HelmCheckResult | undefined, path: string, cluster: ClusterSpec): ValuesEdit | undefined {
  const rendered = now && renderingReading(now, path);
  if (!rendered || rendered.error || !rendered.file) return undefined;
  const before = sameRenderingIn(base, rendered);
  if (!before || before.error || !before.file) {
    const created = rendered.objects.filter(({ object }) => object.apiVersion === 'apps/v1' && WORKLOAD_KINDS.has(object.kind) && object.name !== undefined);
    return { now: rendered, rollouts: created.map(({ object }) => ({ kind: object.kind, name: object.name!, effect: 'created' as const, object })) };
  }
  return { now: rendered, base: before, rollouts: valuesRollouts(rendered, before, cluster) };
}
