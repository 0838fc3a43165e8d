// The usage text of `kubesim --help` and of each `kubesim CMD --help`: one entry per command, so the
// overview and the per-command help cannot disagree. Releases come from the engine's one list.
import { DEFAULT_KUBERNETES_VERSION, SUPPORTED_KUBERNETES_VERSIONS } from '@kubesim/engine';

const RELEASES = `${SUPPORTED_KUBERNETES_VERSIONS[0]} to ${SUPPORTED_KUBERNETES_VERSIONS[SUPPORTED_KUBERNETES_VERSIONS.length - 1]}`;

/** The commands, in the order --help lists them. */
const COMMAND_NAMES = ['check', 'names', 'json', 'run', 'plan', 'lsp'] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

interface CommandUsage {
  synopsis: string;
  summary: string;
  options: [string, string][];
  exitCodes: string;
}

const REMOTE_OPTION: [string, string] = [
  '--allow-remote-resources',
  'let kustomize fetch remote resources (URLs, git repositories); without it such an entry is a warning and its kustomization is not rendered',
];
const VERSION_OPTION: [string, string] = ['--kubernetes-version V', `the release to imitate: ${RELEASES} (default ${DEFAULT_KUBERNETES_VERSION})`];
const HELP_OPTION: [string, string] = ['-h, --help', 'print this help'];
// The cluster profile: flags override the nearest .kubesim.yaml field by field.
const CLUSTER_OPTIONS: [string, string][] = [
  ['--ip-families F[,F]', "the cluster's Service IP families, primary first: IPv4, IPv6, IPv4,IPv6 or IPv6,IPv4 (default: .kubesim.yaml, else undeclared)"],
  ['--service-cidrs C[,C]', "the API server's --service-cluster-ip-range (e.g. 10.96.0.0/12,fd00:10:96::/112)"],
  ['--node-port-range R', "the API server's --service-node-port-range (e.g. 30000-32767)"],
  ['--cluster-domain D', 'the cluster DNS domain (default: .kubesim.yaml, else cluster.local)'],
  ['--feature-gates G=B[,G=B]', "the cluster's --feature-gates overrides, e.g. MaxUnavailableStatefulSet=true (merged over .kubesim.yaml)"],
  ['--nodes N', "kind's control plane and N worker nodes to schedule on (default: .kubesim.yaml, else kind's single illustrative node)"],
];

const USAGE: Record<CommandName, CommandUsage> = {
  check: {
    synopsis:
      'kubesim check FILE|DIR... [--kubernetes-version V] [--previous OLD.yaml] [--format text|json|sarif] [--allow-remote-resources] ' +
      '[--values FILE]... [--set K=V]... [--release NAME] [CLUSTER OPTIONS]',
    summary: 'report what the API server would reject, and the cross-object problems of the files checked together',
    options: [
      VERSION_OPTION,
      ['--previous OLD.yaml', 'check as an update of the objects in OLD.yaml (immutable fields)'],
      ['--format F', 'text (file:line:col, then a count like "1 error, 2 warnings in 2 of 5 files"; the default), json (with a summary) or sarif'],
      REMOTE_OPTION,
      ['--values FILE', 'render the Helm charts found with this values file (repeatable, in order) instead of their own values sets'],
      ['--set K=V', "a value for the charts, as helm's --set (repeatable)"],
      ['--release NAME', 'the release name charts are rendered with (default release-name)'],
      ...CLUSTER_OPTIONS,
      HELP_OPTION,
    ],
    exitCodes: '0 no errors (warnings allowed), 1 errors found, 2 bad usage or a path that cannot be read',
  },
  names: {
    synopsis: 'kubesim names FILE|DIR... [--kubernetes-version V] [--collision-count N] [--from TIME] [--json] [--allow-remote-resources] [CLUSTER OPTIONS]',
    summary: "print the ReplicaSet, ControllerRevision, pod, DNS and PVC names the cluster will create, and a CronJob's next Jobs",
    options: [
      VERSION_OPTION,
      ['--collision-count N', 'hash as if status.collisionCount were N'],
      ['--from TIME', "count a CronJob's next runs from this RFC 3339 time (default: now)"],
      ['--json', 'print JSON (a workload the cluster would reject has `rejected`, its messages, instead of names)'],
      REMOTE_OPTION,
      ...CLUSTER_OPTIONS,
      HELP_OPTION,
    ],
    exitCodes: '0 names printed, 1 a kustomization failed to render, 2 bad usage or a path that cannot be read',
  },
  json: {
    synopsis: 'kubesim json FILE|DIR... [--json]',
    summary: 'print the JSON kubectl sends for each YAML document (read as kubectl reads YAML; a file stops at its first error, as in kubectl)',
    options: [['--json', 'one object: {"objects": [{file, line, object}], "errors": [{file, line, message}]}, line = where the document starts'], HELP_OPTION],
    exitCodes: '0 every document read, 1 kubectl would refuse a document, 2 bad usage or a path that cannot be read',
  },
  run: {
    synopsis: 'kubesim run SESSION [--kubernetes-version V] [--json] [CLUSTER OPTIONS]',
    summary: 'replay a kubectl session file on a simulated cluster (manifest paths are relative to SESSION)',
    options: [VERSION_OPTION, ['--json', 'print the steps, events and final state as JSON'], ...CLUSTER_OPTIONS, HELP_OPTION],
    exitCodes: '0 every command succeeded, 1 a command failed, 2 bad usage or a path that cannot be read',
  },
  plan: {
    synopsis:
      'kubesim plan NEW.yaml [--from OLD.yaml] [--kubernetes-version V] [--json] [CLUSTER OPTIONS]\n' +
      '       kubesim plan CHART --values NEW-values.yaml [--from-values OLD-values.yaml] [...]',
    summary: 'show what applying NEW does to a cluster running OLD, fully available (apply, rollout status, get, describe)',
    options: [
      VERSION_OPTION,
      ['--from OLD.yaml', 'the objects running before NEW is applied'],
      ['--values FILE', 'with a Helm chart: the values the release is upgraded to'],
      ['--from-values FILE', "with a Helm chart: the values it runs with before (default: the chart's own)"],
      ['--json', 'print JSON'],
      ...CLUSTER_OPTIONS,
      HELP_OPTION,
    ],
    exitCodes: '0 every step succeeded, 1 a step failed, 2 bad usage or a path that cannot be read',
  },
  lsp: {
    synopsis: 'kubesim lsp --stdio',
    summary: 'run the language server over stdin and stdout (for editors other than VS Code)',
    options: [['--stdio', 'talk LSP over stdin/stdout'], HELP_OPTION],
    exitCodes: 'runs until the client exits',
  },
};

/** `kubesim CMD --help`. */
export function commandHelp(name: CommandName): string {
  const usage = USAGE[name];
  const width = Math.max(...usage.options.map(([flag]) => flag.length)) + 2;
  return [
    `Usage: ${usage.synopsis}`,
    '',
    `${usage.summary[0]!.toUpperCase()}${usage.summary.slice(1)}.`,
    '',
    'Options:',
    ...usage.options.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`),
    '',
    `Exit codes: ${usage.exitCodes}.`,
  ].join('\n');
}

/** `kubesim --help`. */
export function overviewHelp(version: string): string {
  return [
    `kubesim ${version}: see what a Kubernetes cluster will do with your manifests.`,
    '',
    'Usage:',
    ...COMMAND_NAMES.flatMap((name) => [`  ${USAGE[name].synopsis}`, `      ${USAGE[name].summary}`]),
    '  kubesim --version | --help',
    '',
    'Run "kubesim CMD --help" for the options of one command.',
    'A folder with kustomization.yaml (.yml, Kustomization) is rendered by kustomize as `kubectl apply -k` sends it:',
    '`kustomize` on the PATH, else `kubectl kustomize` ($KUBESIM_KUSTOMIZE picks one); findings land on the base,',
    'patch or kustomization line that produced the value. "kubesim --version" names the kustomize in use.',
    `Kubernetes versions: ${RELEASES} (default ${DEFAULT_KUBERNETES_VERSION}).`,
    'Exit codes: 0 clean, 1 findings or failed steps (check: errors; run, plan: a failed command), 2 bad usage (unknown command',
    'or option, bad value, missing or unreadable path), 3 internal error (a bug in kubesim).',
  ].join('\n');
}

/** Whether `name` is a command. */
export function isCommandName(name: string): name is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(name);
}
