// The Service commands of a session (apply|create -f of Services is in apply-handlers.ts):
// `kubectl get svc|endpoints|endpointslices|events`, `kubectl describe svc`, `kubectl delete svc`,
// `kubectl exec POD|deploy/NAME -- env|cat /etc/resolv.conf`, and `kubesim traffic svc/NAME`.
import { describeService, getEndpointSlices, getEndpoints, getServices } from '../kubectl/service-get';
import { getEvents } from '../kubectl/events-get';
import { execEnv, execResolvConf, findPod, pickPodOfDeployment } from '../kubectl/exec-env';
import { deleteService } from '../service/service-admission';
import { serviceEndpoints } from '../service/service-endpoints';
import { serviceTraffic } from '../service/service-traffic';
import { parseArguments } from './session-parser';
import { startsWith, type SessionCommand, type SessionContext } from './session-command';
import type { CommandResult } from '../deployment/rollback';

const SERVICE_WORDS = ['svc', 'service', 'services'];
const ENDPOINTS_WORDS = ['ep', 'endpoints'];
const SLICE_WORDS = ['endpointslice', 'endpointslices', 'endpointslice.discovery.k8s.io', 'endpointslices.discovery.k8s.io'];
const EVENT_WORDS = ['ev', 'event', 'events'];

/** `svc/web`, `service web` → `web` when the words name a Service. */
function serviceName(positional: string[]): string | undefined {
  const [first, second] = positional;
  if (first === undefined) return undefined;
  const slash = first.indexOf('/');
  if (slash >= 0) return SERVICE_WORDS.includes(first.slice(0, slash)) ? first.slice(slash + 1) : undefined;
  return SERVICE_WORDS.includes(first) ? second : undefined;
}

/** `kubesim traffic svc/NAME`: how kube-proxy splits new connections now, by pod controller and image. */
function trafficReport(context: SessionContext, name: string): CommandResult {
  const service = context.cluster.services.get(name, context.namespace);
  if (!service) return { output: `Error from server (NotFound): services "${name}" not found`, error: true };
  const traffic = serviceTraffic(service, serviceEndpoints(context.cluster, service));
  const count = traffic.receiving.length;
  if (traffic.receiving.length === 0) return { output: `service/${name}: no ready endpoints, connections are refused` };
  const lines = [`service/${name}: ${count} ${traffic.usingTerminating ? 'terminating (serving)' : 'ready'} endpoint${count === 1 ? '' : 's'}`];
  const width = Math.max(...traffic.shares.map((share) => `${share.ownerKind.toLowerCase()}/${share.owner}`.length));
  for (const share of traffic.shares) {
    const percent = `${Number((share.share * 100).toFixed(1))}%`.padStart(6);
    const owner = `${share.ownerKind.toLowerCase()}/${share.owner}`.padEnd(width);
    lines.push(`${percent}  ${owner}  ${String(share.endpoints).padStart(3)} endpoint${share.endpoints === 1 ? ' ' : 's'}  ${share.images.join(', ')}`);
  }
  for (const note of traffic.notes) lines.push(`note: ${note}`);
  return { output: lines.join('\n') };
}

/** The Service, Endpoints, EndpointSlice, events, exec and traffic commands, in the order they are tried. */
export const serviceCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'exec'),
    run: (context, argv) => {
      const separator = argv.indexOf('--');
      if (separator < 0) return { output: 'error: you must specify at least one command for the container', error: true };
      const command = argv.slice(separator + 1);
      const parsed = parseArguments(argv.slice(2, separator).filter((word) => word !== '-it' && word !== '-i' && word !== '-t'));
      const containerFlag = parsed.flags.get('container');
      const target = parsed.positional[0] ?? '';
      const { cluster, namespace } = context;
      const deployment = /^(?:deploy|deployment|deployments|deployment\.apps)\/(.+)$/.exec(target);
      const ref = deployment ? pickPodOfDeployment(cluster, deployment[1], namespace) : findPod(cluster, target.replace(/^(?:pod|pods|po)\//, ''), namespace);
      if (!ref) {
        if (deployment && !cluster.deployments.get(deployment[1], namespace))
          return { output: `Error from server (NotFound): deployments.apps "${deployment[1]}" not found`, error: true };
        return { output: deployment ? 'error: no pods found' : `Error from server (NotFound): pods "${target}" not found`, error: true };
      }
      if (command.join(' ') === 'cat /etc/resolv.conf') return execResolvConf(cluster, ref, containerFlag);
      if (command[0] !== 'env' && command[0] !== 'printenv')
        return {
          output: `kubesim: exec simulates only \`env\` and \`cat /etc/resolv.conf\` (what the kubelet set), not "${command.join(' ')}"`,
          error: true,
        };
      return execEnv(cluster, ref, containerFlag);
    },
  },
  {
    matches: (argv) => startsWith(argv, 'kubesim', 'traffic') && serviceName(argv.slice(2)) !== undefined,
    run: (context, argv) => trafficReport(context, serviceName(argv.slice(2)) ?? ''),
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'delete') && serviceName(parseArguments(argv.slice(2)).positional) !== undefined,
    run: (context, argv) => deleteService(context.cluster, serviceName(parseArguments(argv.slice(2)).positional) ?? '', context.namespace),
  },
  {
    matches: (argv) => startsWith(argv, 'kubectl', 'describe') && serviceName(parseArguments(argv.slice(2)).positional) !== undefined,
    run: (context, argv) => describeService(context.cluster, serviceName(parseArguments(argv.slice(2)).positional) ?? '', context.namespace),
  },
  {
    matches: (argv) =>
      startsWith(argv, 'kubectl', 'get') && [...SERVICE_WORDS, ...ENDPOINTS_WORDS, ...SLICE_WORDS, ...EVENT_WORDS].includes(argv[2]?.split('/')[0] ?? ''),
    run: (context, argv) => {
      const parsed = parseArguments(argv.slice(2));
      const [kind, name] = parsed.positional[0].includes('/') ? parsed.positional[0].split('/') : parsed.positional;
      const { cluster, namespace } = context;
      if (SERVICE_WORDS.includes(kind)) return getServices(cluster, namespace, parsed.flags.get('output') === 'wide', name);
      if (ENDPOINTS_WORDS.includes(kind)) return getEndpoints(cluster, namespace, name);
      if (SLICE_WORDS.includes(kind)) return getEndpointSlices(cluster, namespace);
      return { output: getEvents(cluster, namespace) };
    },
  },
];
