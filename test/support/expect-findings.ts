// The one findings helper of the analysis tests: inline YAML whose expected underlines are marked ⟦…⟧,
// run through the workspace checks (expectFindings: codes, severities, ranges) or through the whole
// checkFile pipeline (expectMessages: the API server's exact messages and what each underlines).
import { clusterSpecOf, defaultClusterSpec, type ClusterDeclaration, type KubernetesVersion } from '@kubesim/engine';
import assert from 'node:assert/strict';
import type { BaselineSource, CheckFinding, IndexedObject } from '../../analysis/src/checks/check-context';
import { runWorkspaceChecks } from '../../analysis/src/checks/run-workspace-checks';
import { objectsOf, parseManifestFile } from '../../analysis/src/manifest/manifest-file';
import { checkFile } from '../../analysis/src/check-file';
import type { Finding } from '../../analysis/src/validation/finding';

/** What a finding must be; fields left out are not compared. */
export interface ExpectedFinding {
  code: string;
  severity?: CheckFinding['severity'];
  /** A substring of the message. */
  message?: string;
}

/** The workspace around the checked file, the release, and the baseline text. */
export interface CheckScenario {
  otherFiles?: Record<string, string>;
  kubernetesVersion?: KubernetesVersion;
  baseline?: string;
  baselineSource?: BaselineSource;
}

/** Removes the ⟦ ⟧ markers and returns the text with the [start, end) of each marked range. */
export function stripMarkers(marked: string): { text: string; ranges: { start: number; end: number }[] } {
  const ranges: { start: number; end: number }[] = [];
  let text = '';
  let open = -1;
  for (const char of marked) {
    if (char === '⟦') open = text.length;
    else if (char === '⟧') {
      ranges.push({ start: open, end: text.length });
      open = -1;
    } else text += char;
  }
  return { text, ranges };
}

/** The findings of the workspace checks on `text`. */
export function findingsOf(text: string, scenario: CheckScenario = {}): CheckFinding[] {
  const workspace: IndexedObject[] = Object.entries(scenario.otherFiles ?? {}).flatMap(([uri, other]) =>
    objectsOf(parseManifestFile(other)).map((object) => ({ uri, object })),
  );
  return runWorkspaceChecks(parseManifestFile(text), {
    cluster: defaultClusterSpec(scenario.kubernetesVersion ?? '1.36'),
    uri: 'file:///work/checked.yaml',
    workspace,
    ...(scenario.baseline === undefined ? {} : { baseline: { source: scenario.baselineSource ?? 'git', file: parseManifestFile(scenario.baseline) } }),
  }).sort((a, b) => a.start - b.start);
}

/** Asserts the codes (and marked ranges, when the YAML has ⟦…⟧ markers) of the findings, in source order. */
export function expectFindings(marked: string, expected: ExpectedFinding[], scenario: CheckScenario = {}): CheckFinding[] {
  const { text, ranges } = stripMarkers(marked);
  const findings = findingsOf(text, scenario);
  assert.deepEqual(
    findings.map((finding) => finding.code),
    expected.map((item) => item.code),
    findings.map((f) => f.message).join('\n'),
  );
  expected.forEach((item, i) => {
    const finding = findings[i]!;
    if (item.severity) assert.equal(finding.severity, item.severity, `severity of ${item.code}`);
    if (item.message) assert.ok(finding.message.includes(item.message), `message of ${item.code}: ${finding.message}`);
    assert.ok(finding.href?.startsWith('https://kubernetes.io/docs/'), `href of ${item.code}`);
  });
  if (ranges.length > 0) {
    assert.deepEqual(
      findings.map((finding) => text.slice(finding.start, finding.end)),
      ranges.map((range) => text.slice(range.start, range.end)),
    );
  }
  return findings;
}

/** Applies a finding's first fix to `text`. */
export function applyFix(text: string, finding: CheckFinding): string {
  const fix = finding.fixes?.[0];
  assert.ok(fix, `finding ${finding.code} has a fix`);
  return [...fix.edits].sort((a, b) => b.start - a.start).reduce((result, edit) => result.slice(0, edit.start) + edit.newText + result.slice(edit.end), text);
}

/** The YAML without its ⟦ ⟧ marks, and the text each pair of marks encloses, in order. */
export function unmark(marked: string): { yaml: string; spans: string[] } {
  const { text, ranges } = stripMarkers(marked);
  return { yaml: text, spans: ranges.map((range) => text.slice(range.start, range.end)) };
}

/** The findings whose code passes `filter`, as `message @ underlined text`. */
export function findingLines(
  marked: string,
  version: KubernetesVersion,
  filter: (finding: Finding) => boolean,
  previous?: string,
  declared?: ClusterDeclaration,
): string[] {
  const { yaml } = unmark(marked);
  const cluster = declared === undefined ? defaultClusterSpec(version) : clusterSpecOf(version, declared);
  const options = previous === undefined ? { cluster } : { cluster, previous: parseManifestFile(previous) };
  return checkFile(parseManifestFile(yaml), options)
    .filter(filter)
    .map((finding) => `${finding.message} @ ${yaml.slice(finding.start, finding.end)}`);
}

/**
 * Asserts the findings (restricted by `filter`) are exactly `messages`, in source order, the
 * n-th one underlining the n-th ⟦…⟧ span of the YAML (messages past the last span share it).
 */
export function expectMessages(
  marked: string,
  version: KubernetesVersion,
  messages: string[],
  filter: (finding: Finding) => boolean,
  previous?: string,
  declared?: ClusterDeclaration,
): void {
  const { spans } = unmark(marked);
  assert.ok(messages.length === 0 ? spans.length === 0 : spans.length >= 1 && spans.length <= messages.length, 'a ⟦…⟧ span per expected message');
  assert.deepEqual(
    findingLines(marked, version, filter, previous, declared),
    messages.map((message, i) => `${message} @ ${spans[Math.min(i, spans.length - 1)]}`),
  );
}
