// The only door into the engine: everything the server, CLI and tests use is exported here.

export * from './model/kubernetes-version';
export * from './model/objects';
export * from './hash/pod-template-hash';
export * from './defaulting/deployment-defaults';
