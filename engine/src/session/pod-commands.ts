// `kubectl get pods [NAME] -o wide` in sessions (without -l or -w, which the StatefulSet commands
// watch and filter); the narrow table is the Deployment commands' `kubectl get pods`.
import { getPodsWide } from '../kubectl/get-pods-wide';
import { parseArguments } from './session-parser';
import { startsWith, type SessionCommand } from './session-command';

const POD_WORDS = ['po', 'pod', 'pods'];

function wideGet(argv: string[]): { name?: string } | undefined {
  if (!startsWith(argv, 'kubectl', 'get')) return undefined;
  const { positional, flags } = parseArguments(argv.slice(2));
  if (flags.get('output') !== 'wide' || flags.has('selector') || flags.has('watch') || positional.length > 2) return undefined;
  const [first, second] = positional;
  const slash = first?.indexOf('/') ?? -1;
  const kind = slash >= 0 ? first!.slice(0, slash) : first;
  if (!POD_WORDS.includes(kind ?? '')) return undefined;
  const name = slash >= 0 ? first!.slice(slash + 1) : second;
  return name === undefined ? {} : { name };
}

/** The pod listing commands this file adds. */
export const podCommands: readonly SessionCommand[] = [
  {
    matches: (argv) => wideGet(argv) !== undefined,
    run: (context, argv) => getPodsWide(context.cluster, context.namespace, wideGet(argv)!.name),
  },
];
