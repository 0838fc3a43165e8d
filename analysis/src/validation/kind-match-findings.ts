// kubectl's answer for a kind or apiVersion no built-in API serves (a typo such as `kind: Deploymnet` or
// `apiVersion: apps/v7`), and the quiet note on a custom resource kubesim cannot check.
import { kindMatchOf, type KubernetesVersion } from '@kubesim/engine';
import { spanForPath, type ManifestObject } from '../manifest/manifest-document';
import { noMatchesMessage } from './api-lifecycle-findings';
import type { Finding } from './finding';

/** The code of the note on a document kubesim does not check (the CLI lists these once, in its summary). */
const NOT_CHECKED_CODE = 'kind-not-checked';

const DISCOVERY = 'https://kubernetes.io/docs/reference/using-api/#api-groups';

export function kindMatchFindings(object: ManifestObject, version: KubernetesVersion, fileName: string): Finding[] {
  const match = kindMatchOf(object.apiVersion, object.kind, version);
  if (match.status === 'built-in') return [];
  if (match.status === 'custom') {
    return [
      {
        ...spanForPath(object, ['kind']),
        severity: 'information',
        code: NOT_CHECKED_CODE,
        message: `Not checked: ${object.apiVersion} ${object.kind} is a custom resource; its CustomResourceDefinition decides what the API server accepts.`,
        field: 'kind',
        href: 'https://kubernetes.io/docs/concepts/extend-kubernetes/api-extension/custom-resources/',
      },
    ];
  }
  const group = object.apiVersion.includes('/') ? object.apiVersion.slice(0, object.apiVersion.indexOf('/')) : '';
  const onKind = match.status === 'no-match' && match.wrong === 'kind';
  const finding: Finding = {
    ...spanForPath(object, [onKind ? 'kind' : 'apiVersion']),
    severity: 'error',
    code: match.status === 'no-match' ? 'kind-not-served' : 'api-group-not-served',
    message: noMatchesMessage(object, fileName),
    field: onKind ? 'kind' : 'apiVersion',
    href: DISCOVERY,
  };
  const hint = hintOf(object, match.status, match.closest, group, onKind);
  if (hint) finding.hint = hint;
  return [finding];
}

function hintOf(
  object: ManifestObject,
  status: 'no-match' | 'no-match-group',
  closest: string | undefined,
  group: string,
  onKind: boolean,
): string | undefined {
  if (status === 'no-match-group') {
    const base = `No built-in API group is named "${group}", and a CustomResourceDefinition's group must contain a dot.`;
    return closest ? `${base} Did you mean ${object.apiVersion.replace(group, closest)}?` : base;
  }
  if (onKind) return `${object.apiVersion} serves no kind ${object.kind}; did you mean ${closest}?`;
  if (closest) return `${object.kind} is served as ${closest}.`;
  return undefined;
}

/** The kind a not-checked note is about (its message names it), else undefined. */
export function notCheckedKindOf(finding: Finding): string | undefined {
  if (finding.code !== NOT_CHECKED_CODE) return undefined;
  return /^Not checked: \S+ (\S+) /.exec(finding.message)?.[1];
}
