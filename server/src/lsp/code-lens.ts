// Code lenses above each Deployment and StatefulSet: the rollout preview command with the names it will create.
import { type ClusterSpec, MAX_SIMULATED_REPLICAS } from '@kubesim/engine';
import type { CodeLens } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  computeDeploymentFacts,
  computeRolloutCost,
  computeStatefulSetFacts,
  rolloutCostSummary,
  statefulSetPodName,
  locate,
  type ManifestObject,
  objectsOf,
  type ManifestFile,
} from '@kubesim/analysis';

/** The command a lens runs; its arguments are `[uri: string, offset: number]`. */
const OPEN_ROLLOUT_PREVIEW_COMMAND = 'kubesim.openRolloutPreview';

/** A lens before it becomes LSP: title, the offset it sits at and the offset passed to the command. */
interface WorkloadLens {
  title: string;
  /** Start of the object's first line (where the lens is drawn). */
  start: number;
  /** An offset inside the object, passed to the command so the client can find the workload. */
  offset: number;
}

// Above the simulation budget the preview shows no rollout; the lens says so before the click.
function pods(count: number): string {
  const text = `${count} pod${count === 1 ? '' : 's'}`;
  return count > MAX_SIMULATED_REPLICAS ? `${text} (above the ${MAX_SIMULATED_REPLICAS} kubesim simulates)` : text;
}

function titleFor(object: ManifestObject, cluster: ClusterSpec): string | undefined {
  if (object.apiVersion !== 'apps/v1') return undefined;
  if (object.kind === 'Deployment') {
    const facts = computeDeploymentFacts(object, cluster);
    if (!facts) return undefined;
    return ['▶ Preview rollout', facts.replicaSetName, pods(facts.replicas.value)].filter(Boolean).join(' · ');
  }
  if (object.kind === 'StatefulSet') {
    const facts = computeStatefulSetFacts(object, cluster);
    if (!facts) return undefined;
    const count = facts.replicas.value;
    const first = statefulSetPodName(facts.name, facts.startOrdinal);
    const last = statefulSetPodName(facts.name, facts.startOrdinal + count - 1);
    const names = !facts.name || count <= 0 ? undefined : count === 1 ? first : `${first}…${last}`;
    return ['▶ Preview rollout', names, pods(count)].filter(Boolean).join(' · ');
  }
  return undefined;
}

/** The rollout's best-case duration and surge above a written `strategy:` / `updateStrategy:` key, if any. */
function costLens(file: ManifestFile, object: ManifestObject, cluster: ClusterSpec, offset: number): WorkloadLens[] {
  if (object.apiVersion !== 'apps/v1') return [];
  const key = object.kind === 'Deployment' ? 'strategy' : object.kind === 'StatefulSet' ? 'updateStrategy' : undefined;
  const place = key === undefined ? undefined : locate(object, ['spec', key]);
  if (!place?.key || place.depth !== 2) return [];
  const cost = computeRolloutCost(object, cluster);
  if (!cost) return [];
  return [{ title: rolloutCostSummary(cost), start: file.text.lastIndexOf('\n', place.key.start - 1) + 1, offset }];
}

/** One lens per Deployment or StatefulSet of the file, in source order, and one above each written strategy. */
export function computeWorkloadLenses(file: ManifestFile, cluster: ClusterSpec): WorkloadLens[] {
  return objectsOf(file).flatMap((object) => {
    const title = titleFor(object, cluster);
    if (!title) return [];
    const root = locate(object, []).value ?? { start: object.document.start };
    const lineStart = file.text.lastIndexOf('\n', root.start - 1) + 1;
    return [{ title, start: lineStart, offset: root.start }, ...costLens(file, object, cluster, root.start)];
  });
}

/** The LSP code lenses of an open document. */
export function provideCodeLenses(document: TextDocument, file: ManifestFile, cluster: ClusterSpec): CodeLens[] {
  return computeWorkloadLenses(file, cluster).map((lens) => {
    const position = document.positionAt(lens.start);
    return {
      range: { start: position, end: position },
      command: { title: lens.title, command: OPEN_ROLLOUT_PREVIEW_COMMAND, arguments: [document.uri, lens.offset] },
    };
  });
}
