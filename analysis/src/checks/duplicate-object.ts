// Two files of one folder that define the same workload with different pod templates: applied together,
// the file applied last decides which pods run.
import { isJsonObject, type ReadonlyJsonValue } from '@kubesim/engine';
import { spanForPath, type ManifestObject } from '../manifest/manifest-document';
import { namespaceOf, type CheckContext, type CheckFinding } from './check-context';
import { identityOf } from './workspace-view';
import { valueAt } from './label-selector';
import { templatePathOf } from './pod-templates';
import { namedList } from './named-list';

/**
 * `kubectl apply -f DIR` applies every manifest of the folder, one file after another, and each apply
 * replaces the pod template the previous one sent: with two different templates for one object, the
 * cluster ends up running whichever file came last. kubectl's resource builder walks a folder with Go's
 * filepath.Walk (cli-runtime resource.ExpandPathsToFileVisitors), which visits names in byte order, so
 * the later name wins. Files of other folders are not applied by the same `-f DIR` and are left alone
 * (an overlay or an alternative version elsewhere is normal).
 */
export function checkDuplicateObject(object: ManifestObject, context: CheckContext): CheckFinding[] {
  const templatePath = templatePathOf(object.kind);
  if (!templatePath || !object.name || context.uri === undefined) return [];
  const uri = context.uri;
  const folder = folderOf(uri);
  const template = valueAt(object.value, templatePath);
  const definitions = context.index.definitionsOf(identityOf({ uri, object }));
  if (definitions.length < 2) return [];
  const inFolder = definitions.filter((entry) => entry.uri !== uri && folderOf(entry.uri) === folder);
  const others = inFolder.filter((entry) => !isDeepEqual(valueAt(entry.object.value, templatePath), template));
  if (others.length === 0) return [];
  const otherNames = [...new Set(others.map((entry) => fileNameOf(entry.uri)))].sort();
  // The last file of the folder wins, whether or not its template is one of the different ones.
  const last = [{ uri, object }, ...inFolder].reduce((latest, entry) => (fileNameOf(entry.uri) > fileNameOf(latest.uri) ? entry : latest));
  const winner = last.uri === uri ? 'this file' : others.includes(last) ? fileNameOf(last.uri) : `${fileNameOf(last.uri)} (the same as this file's)`;
  return [
    {
      ...spanForPath(object, ['metadata', 'name']),
      // Information, not a warning: a folder that defines one object twice most often holds
      // alternatives (install variants, versions of an example, session inputs) that are never applied
      // together (applied-together.ts), and then nothing is wrong.
      severity: 'information',
      code: 'duplicate-object-template',
      field: 'metadata.name',
      message:
        `${object.kind} "${object.name}" in namespace "${namespaceOf(object)}" is also defined in ${namedList(otherNames)} in this folder, ` +
        `with a different pod template: applied together, the file applied last decides which pods run ` +
        `(\`kubectl apply -f\` on the folder applies files in name order: the template of ${winner} wins). ` +
        'Nothing is wrong if the files are alternatives, never applied together.',
    },
  ];
}

function folderOf(uri: string): string {
  return uri.slice(0, Math.max(uri.lastIndexOf('/'), uri.lastIndexOf('\\')) + 1);
}

function fileNameOf(uri: string): string {
  const name = uri.slice(folderOf(uri).length);
  try {
    return decodeURIComponent(name);
  } catch {
    // Bad input: a name that is not valid percent-encoding is shown as written.
    return name;
  }
}

/** Equal JSON values, whatever the order of map keys (as the API server compares decoded objects). */
function isDeepEqual(a: ReadonlyJsonValue | undefined, b: ReadonlyJsonValue | undefined): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => isDeepEqual(item, b[i]));
  }
  if (!isJsonObject(a) || !isJsonObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && isDeepEqual(a[key], b[key]));
}
