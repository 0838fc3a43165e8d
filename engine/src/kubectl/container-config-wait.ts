// A pod whose container cannot be configured (a missing ConfigMap, Secret or key it does not mark optional)
// never turns Ready: the kubelet's startContainer fails with CreateContainerConfigError before the container
// exists (kubernetes pkg/kubelet/kuberuntime/kuberuntime_container.go startContainer, generateContainerConfig),
// so no readiness probe runs and the pod's Ready condition stays False; the ReplicaSet counts it unavailable and
// the Deployment's progress deadline applies. Once what it refers to exists, the kubelet's next sync starts the
// container (container-start.ts) and the pod follows its planned timeline from then on. This pass runs before
// every controller of a session so that none of them sees such a pod Ready, even for one pass.
import type { Cluster, Controller } from '../cluster/cluster';
import type { PodCohort } from '../cluster/pod-cohort';
import type { PodTimeline } from '../kubelet/pod-timeline';
import { asArray, asObject } from '../apiserver/validation/rules/json-access';
import { containerConfigError, containersOf, containerStart } from './container-start';

/** What a held cohort's timeline planned after its start: when it turns Ready and exits, as offsets. */
interface HeldTimeline {
  readyAfterMs?: number;
  exitAfterMs?: number;
  exitCode?: number;
}

// Only a container that reads a ConfigMap or a Secret can fail to be configured (plain values never do).
function readsConfigObjects(cohort: PodCohort): boolean {
  return containersOf(cohort.spec).some(
    (container) => asArray(container.envFrom) !== undefined || (asArray(container.env) ?? []).some((item) => asObject(item)?.valueFrom !== undefined),
  );
}

/** The kubelet's hold on pods in CreateContainerConfigError, as a pass of the session's controller loop. */
export class ContainerConfigWait implements Controller {
  readonly name = 'kubelet';
  private readonly checked = new WeakSet<PodCohort>();
  private readonly held = new WeakMap<PodCohort, HeldTimeline>();

  sync(cluster: Cluster): boolean {
    let changed = false;
    for (const cohort of cluster.allCohorts()) {
      if (cohort.deletedAt !== undefined || cohort.names.length === 0 || cluster.now < cohort.timeline.runningAt) continue;
      const held = this.held.get(cohort);
      if (held) changed = this.release(cluster, cohort, held) || changed;
      else if (!this.checked.has(cohort)) changed = this.hold(cluster, cohort) || changed;
    }
    return changed;
  }

  // First look at a running cohort: a container that cannot be configured holds the pod un-Ready.
  private hold(cluster: Cluster, cohort: PodCohort): boolean {
    this.checked.add(cohort);
    if (!readsConfigObjects(cohort) || containerConfigError(cluster, cohort, cohort.names[0]) === undefined) return false;
    const { readyAt, exit, ...rest } = cohort.timeline;
    const runningAt = cohort.timeline.runningAt;
    this.held.set(cohort, {
      ...(readyAt === undefined ? {} : { readyAfterMs: readyAt - runningAt }),
      ...(exit === undefined ? {} : { exitAfterMs: exit.at - runningAt, exitCode: exit.code }),
    });
    cohort.timeline = rest;
    return true;
  }

  // Once every container starts (what it refers to was created), the planned times resume from the last start.
  private release(cluster: Cluster, cohort: PodCohort, held: HeldTimeline): boolean {
    if (containerConfigError(cluster, cohort, cohort.names[0]) !== undefined) return false;
    let startedAt = cohort.timeline.runningAt;
    for (const container of containersOf(cohort.spec)) {
      const start = containerStart(cluster, cohort, cohort.names[0], container);
      if ('startedAt' in start) startedAt = Math.max(startedAt, start.startedAt);
    }
    const timeline: PodTimeline = { ...cohort.timeline };
    if (held.readyAfterMs !== undefined) timeline.readyAt = Math.max(cluster.now, startedAt + held.readyAfterMs);
    if (held.exitAfterMs !== undefined) timeline.exit = { at: Math.max(cluster.now, startedAt + held.exitAfterMs), code: held.exitCode ?? 0 };
    cohort.timeline = timeline;
    this.held.delete(cohort);
    return true;
  }
}
