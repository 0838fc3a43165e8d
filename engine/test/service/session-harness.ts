// Runs a kubectl session against the engine with manifests given inline (name → objects).
import { defaultClusterSpec } from '../../src/model/cluster-spec';
import '../../src/session/service-commands';
import type { KubernetesObject } from '../../src/model/objects';
import type { KubernetesVersion } from '../../src/model/kubernetes-version';
import { runSession, type SessionResult } from '../../src/session/session-runner';

export function runServiceSession(text: string, files: Record<string, unknown[]>, version: KubernetesVersion = '1.32'): SessionResult {
  return runSession({
    text,
    cluster: defaultClusterSpec(version),
    readManifest: (path) => {
      const objects = files[path];
      if (!objects) throw new Error(`no manifest ${path}`);
      return structuredClone(objects) as KubernetesObject[];
    },
  });
}

/** The output of the step whose command is `command` (the last one when repeated). */
export function outputOf(result: SessionResult, command: string): string {
  const step = [...result.steps].reverse().find((candidate) => candidate.command === command);
  if (!step) throw new Error(`no step ${command}`);
  return step.output;
}

export interface DeploymentOptions {
  replicas?: number;
  labels?: Record<string, string>;
  image?: string;
  ports?: { name?: string; containerPort: number; protocol?: string }[];
  env?: unknown[];
  podSpec?: Record<string, unknown>;
}

export function deployment(name: string, options: DeploymentOptions = {}): unknown {
  const labels = options.labels ?? { app: name };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas: options.replicas ?? 1,
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: {
          ...(options.podSpec ?? {}),
          containers: [
            {
              name: 'app',
              image: options.image ?? 'nginx:1.25',
              ...(options.ports ? { ports: options.ports } : {}),
              ...(options.env ? { env: options.env } : {}),
            },
          ],
        },
      },
    },
  };
}

export function service(name: string, spec: Record<string, unknown>): unknown {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name }, spec };
}
