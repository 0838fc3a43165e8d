// Test helper: runs inline YAML through parseManifestFile and checkFile, and compares each
// expected finding's message and underlined text (marked ⟦…⟧ in the YAML).
import assert from 'node:assert/strict';
import type { KubernetesVersion } from '../../../engine/src/index';
import { parseManifestFile } from '../../src/manifest/manifest-file';
import { checkFile } from '../../src/check-file';
import type { Finding } from '../../src/validation/finding';

/** The YAML without its ⟦ ⟧ marks, and the text each pair of marks encloses, in order. */
export function unmark(marked: string): { yaml: string; spans: string[] } {
  const spans: string[] = [];
  const yaml = marked.replace(/⟦([\s\S]*?)⟧/g, (_, inner: string) => {
    spans.push(inner);
    return inner;
  });
  return { yaml, spans };
}

/** The findings whose code passes `filter`, as `message @ underlined text`. */
export function findingLines(marked: string, version: KubernetesVersion, filter: (finding: Finding) => boolean, previous?: string): string[] {
  const { yaml } = unmark(marked);
  const options = previous === undefined ? { kubernetesVersion: version } : { kubernetesVersion: version, previous: parseManifestFile(previous) };
  return checkFile(parseManifestFile(yaml), options).filter(filter).map((finding) => `${finding.message} @ ${yaml.slice(finding.start, finding.end)}`);
}

/**
 * Asserts the findings (restricted by `filter`) are exactly `messages`, in source order, the
 * n-th one underlining the n-th ⟦…⟧ span of the YAML (messages past the last span share it).
 */
export function expectFindings(marked: string, version: KubernetesVersion, messages: string[], filter: (finding: Finding) => boolean, previous?: string): void {
  const { spans } = unmark(marked);
  assert.ok(messages.length === 0 ? spans.length === 0 : spans.length >= 1 && spans.length <= messages.length, 'a ⟦…⟧ span per expected message');
  assert.deepEqual(findingLines(marked, version, filter, previous), messages.map((message, i) => `${message} @ ${spans[Math.min(i, spans.length - 1)]}`));
}
