// A StatefulSet scenario harness: a simulated cluster, the controller with a test codec, and the
// monotonic invariants of upstream's stateful_set_control_test.go checked after every pass.
import { clusterSpecOf } from '../../src/model/cluster-spec';
import assert from 'node:assert/strict';
import { Cluster } from '../../src/cluster/cluster';
import type { KubeletOptions } from '../../src/kubelet/kubelet-options';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import type { Pod, StatefulSet } from '../../src/model/objects';
import { StatefulSetController } from '../../src/statefulset/stateful-set-controller';
import { applyStatefulSet } from '../../src/statefulset/stateful-set-simulation';
import {
  getOrdinal,
  getStatefulSetMaxUnavailable,
  isRunningAndAvailable,
  isRunningAndReady,
  isTerminating,
  isUnavailable,
} from '../../src/statefulset/stateful-set-util';
import { TEST_CODEC } from './fixtures';

/** One recorded pass: time, event messages, pods afterwards. */
export interface Pass {
  time: number;
  messages: string[];
  pods: Pod[];
}

/** A cluster running one StatefulSet, with invariant checks. */
export class Scenario {
  readonly cluster: Cluster;
  readonly controller: StatefulSetController;
  readonly passes: Pass[] = [];
  /** Largest number of unavailable in-range replicas seen right after a pass that deleted pods for an update. */
  maxUnavailableSeen = 0;

  constructor(version: KubernetesVersion = '1.36', kubelet: Partial<KubeletOptions> = {}, gate?: boolean) {
    // `gate` overrides MaxUnavailableStatefulSet as the cluster's --feature-gates would (defaulting and controller alike).
    this.cluster = new Cluster({ spec: clusterSpecOf(version, gate === undefined ? {} : { featureGates: { MaxUnavailableStatefulSet: gate } }), kubelet });
    this.controller = new StatefulSetController(() => TEST_CODEC);
    this.cluster.registerController(this.controller);
  }

  apply(set: StatefulSet): this {
    applyStatefulSet(this.cluster, set);
    return this;
  }

  get set(): StatefulSet {
    return this.cluster.statefulSets.list()[0];
  }

  pods(): Pod[] {
    return this.controller.podsOf(this.cluster, this.set).sort((a, b) => getOrdinal(a.metadata.name) - getOrdinal(b.metadata.name));
  }

  podNames(): string[] {
    return this.pods()
      .filter((pod) => !isTerminating(pod))
      .map((pod) => pod.metadata.name);
  }

  claimNames(): string[] {
    return this.cluster.persistentVolumeClaims
      .list()
      .map((claim) => claim.metadata.name)
      .sort();
  }

  /** All event messages so far. */
  messages(): string[] {
    return this.passes.flatMap((pass) => pass.messages);
  }

  /** Runs passes and clock advances until nothing is pending (or `limitMs` of simulated time). */
  run(limitMs = 3_600_000): this {
    for (let guard = 0; guard < 100_000; guard++) {
      const before = this.pods();
      const writeMark = this.cluster.recorder.writeMark;
      const changed = this.cluster.step();
      if (changed.length > 0) {
        // Events created or patched in the pass: a repeated message bumps the count of the first one.
        const messages = this.cluster.recorder.writtenSince(writeMark).map((event) => event.message);
        this.checkInvariants(before, messages);
        this.passes.push({ time: this.cluster.now, messages, pods: this.pods() });
        continue;
      }
      if (!this.cluster.advance(limitMs)) return this;
    }
    throw new Error('scenario did not settle');
  }

  // Under OrderedReady a pod is created only when every lower ordinal is Running, Ready, available
  // and not terminating. During an update no pass leaves more than maxUnavailable replicas unavailable.
  private checkInvariants(before: Pod[], messages: string[]): void {
    const set = this.set;
    const minReadySeconds = set.spec.minReadySeconds ?? 0;
    const now = this.cluster.now;
    const created = messages.filter((message) => message.startsWith('create Pod ')).map((message) => message.split(' ')[2]);
    if (set.spec.podManagementPolicy !== 'Parallel') {
      assert.ok(created.length <= 1, `OrderedReady created ${created.join(', ')} in one pass`);
      for (const name of created) {
        const ordinal = getOrdinal(name);
        for (const pod of before) {
          const other = getOrdinal(pod.metadata.name);
          if (other >= ordinal || other < (set.spec.ordinals?.start ?? 0)) continue;
          assert.ok(
            isRunningAndReady(pod) && !isTerminating(pod) && isRunningAndAvailable(pod, minReadySeconds, now),
            `${name} created while ${pod.metadata.name} not ready`,
          );
        }
      }
    }
    const updateDeletions =
      messages.some((message) => message.startsWith('delete Pod ')) &&
      before.some((pod) => pod.metadata.labels?.['controller-revision-hash'] !== this.set.status?.updateRevision);
    if (updateDeletions) {
      const start = set.spec.ordinals?.start ?? 0;
      const replicas = set.spec.replicas ?? 1;
      const pods = this.pods();
      let unavailable = 0;
      for (let ordinal = start; ordinal < start + replicas; ordinal++) {
        const pod = pods.find((candidate) => getOrdinal(candidate.metadata.name) === ordinal);
        if (isUnavailable(pod, minReadySeconds, now)) unavailable++;
      }
      this.maxUnavailableSeen = Math.max(this.maxUnavailableSeen, unavailable);
    }
  }
}

/** The maxUnavailable an update may use under the gate, else 1. */
export function allowedUnavailable(set: StatefulSet, gate: boolean): number {
  return gate ? getStatefulSetMaxUnavailable(set.spec.updateStrategy?.rollingUpdate?.maxUnavailable, set.spec.replicas ?? 1) : 1;
}
