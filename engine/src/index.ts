// The only door into the engine: everything the server, CLI and tests use is exported here.

export * from './model/kubernetes-version';
export * from './model/objects';
export * from './hash/pod-template-hash';
export * from './defaulting/deployment-defaults';
export * from './cluster/cluster';
export * from './cluster/pod-cohort';
export * from './cluster/name-generator';
export * from './cluster/event-recorder';
export * from './cluster/object-store';
export * from './kubelet/kubelet-options';
export * from './kubelet/pod-timeline';
export * from './hash/controller-revision';
export * from './hash/fnv';
export * from './defaulting/pod-defaults';
export * from './defaulting/workload-defaults';
export * from './defaulting/feature-gates';
export * from './quantity/quantity';
export * from './go-layout/go-layouts';
export type * from './go-layout/go-layout-types';
