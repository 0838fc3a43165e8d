// What a session prints that no simulation can know: a real cluster draws its own pod-name suffixes,
// UIDs, pod IPs, cluster IPs and node ports, and its node, container IDs, image digests and image
// environment come from the machine and the registry. kubesim seeds them (the same session prints the
// same values), and says so once per run rather than on every line.
import type { SessionResult } from './session-runner';

/** The one-line note `kubesim run` prints once, or undefined when the session printed nothing. */
export function illustrativeNote(result: SessionResult): string | undefined {
  if (!result.steps.some((step) => step.output !== '')) return undefined;
  return (
    'kubesim: pod-name suffixes, template hashes, UIDs, pod and Service IPs, node ports, node names and addresses, ' +
    "container IDs and image digests above are illustrative (seeded, not a real cluster's draws); an image's own ENV, " +
    "the node's resolv.conf and the images of kind's system workloads are said to be unknown."
  );
}
