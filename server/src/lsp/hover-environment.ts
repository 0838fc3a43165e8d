// The container hover: the environment the kubelet will give the container (Service variables of the
// Services in view, the container's own env) and the warnings that go with it.
import type { ContainerEnvironmentFacts } from '@kubesim/analysis';

/** How many variables the hover lists before cutting. */
const VARIABLES_SHOWN = 40;

/** Markdown for a container's environment. */
export function describeContainerEnvironment(facts: ContainerEnvironmentFacts): string {
  const shown = facts.vars.slice(0, VARIABLES_SHOWN);
  const lines = [`Environment of container \`${facts.container}\` (besides \`HOSTNAME\` and variables baked into the image):`, '', '```'];
  for (const variable of shown) lines.push(`${variable.name}=${variable.value}`);
  if (facts.vars.length > shown.length) lines.push(`… ${facts.vars.length - shown.length} more`);
  lines.push('```');
  if (facts.unknown.length > 0) lines.push('', `Not known from the manifests: ${facts.unknown.map((name) => `\`${name}\``).join(', ')}.`);
  for (const collision of facts.collisions) {
    lines.push('', `⚠ \`${collision.name}\` is also a variable of Service \`${collision.service}\`: the container's own value wins.`);
  }
  if (!facts.enableServiceLinks) lines.push('', '`enableServiceLinks: false`: only the `kubernetes` Service variables are injected.');
  if (facts.withoutVariables.length > 0) lines.push('', `No variables for ${facts.withoutVariables.map((name) => `\`${name}\``).join(', ')} (no cluster IP).`);
  lines.push(
    '',
    'The kubelet sets Service variables when the container starts, from the Services that exist then: ' +
      'a Service created after the pods is not in their environment until they restart. Cluster IPs are allocated at create time.',
  );
  return lines.join('\n');
}
