// helm's own errors on the line the user fixes: the template position (Helm 3 and Helm 4 wording), the
// values key of a schema error, Chart.yaml's kubeVersion and the dependency missing from charts/.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { diskHost } from '../../src/kustomize/disk-host';
import { readHelmChart } from '../../src/helm/helm-chart-model';
import { locateHelmError } from '../../src/helm/helm-error';
import { repoPath } from '../../../test/support/paths';

const FIXTURES = repoPath('analysis', 'test', 'helm', 'fixtures');
const host = diskHost();
const chart = readHelmChart(host, join(FIXTURES, 'webapp'))!;
const valuesSet = { valuesFiles: [join(FIXTURES, 'broken-values.yaml')], set: {}, releaseName: 'demo', namespace: 'default' };

const CASES: { name: string; message: string; file: string; text: string; kind?: string }[] = [
  {
    name: 'Helm 4 execution error',
    message: 'Error: webapp/templates/service.yaml:8:11\n  executing "webapp/templates/service.yaml" at <.Values.service.type>: nil pointer',
    file: 'webapp/templates/service.yaml',
    text: '.Values.service.type }}',
  },
  {
    name: 'Helm 3 execution error',
    message: 'Error: template: webapp/templates/service.yaml:8:11: executing "webapp/templates/service.yaml" at <.Values.service.type>: nil pointer',
    file: 'webapp/templates/service.yaml',
    text: '.Values.service.type }}',
  },
  {
    name: 'a parse error names the line',
    message: 'Error: parse error at (webapp/templates/deployment.yaml:8): missing value for if',
    file: 'webapp/templates/deployment.yaml',
    text: 'replicas: {{ .Values.replicaCount }}',
  },
  {
    name: "a subchart's template",
    message: 'Error: webapp/charts/cache/templates/statefulset.yaml:18:17\n  executing ...',
    file: 'webapp/charts/cache/templates/statefulset.yaml',
    text: '{{ .Values.image }}',
  },
  {
    name: 'a schema error on the values key, in the last file that sets it',
    message: "Error: values don't meet the specifications of the schema(s) in the following chart(s):\nwebapp:\n- at '/replicaCount': got number, want string",
    file: 'broken-values.yaml',
    text: 'replicaCount',
  },
  {
    name: 'a values file that is not YAML, on the line helm names',
    message: `Error: failed to parse ${join(FIXTURES, 'broken-values.yaml')}: cannot unmarshal yaml document: error converting YAML to JSON: yaml: line 4: bad`,
    file: 'broken-values.yaml',
    text: 'tag: "6.5.0 "',
  },
  {
    name: "the chart's values.yaml that is not YAML",
    message: 'Error: cannot load values.yaml: cannot unmarshal yaml document: error converting YAML to JSON: yaml: line 2: mapping values are not allowed',
    file: 'webapp/values.yaml',
    text: 'replicaCount: 2',
  },
  {
    name: 'kubeVersion',
    message: 'Error: chart requires kubeVersion: >=1.25.0-0 which is incompatible with Kubernetes v1.20.0',
    file: 'webapp/Chart.yaml',
    text: 'kubeVersion',
  },
  {
    name: 'a dependency missing from charts/: a note on its entry',
    message:
      "Error: an error occurred while checking for chart dependencies. You may need to run 'helm dependency build' to fetch missing dependencies: " +
      'found in Chart.yaml, but missing in charts/ directory: cache',
    file: 'webapp/Chart.yaml',
    text: 'cache',
    kind: 'missing-dependency',
  },
];

for (const row of CASES) {
  test(`locateHelmError: ${row.name}`, () => {
    const location = locateHelmError(row.message, chart, valuesSet, host);
    assert.equal(location.path, join(FIXTURES, row.file));
    assert.equal(location.text.slice(location.span.start, location.span.end), row.text);
    assert.equal(location.kind, row.kind ?? 'error');
    assert.ok(!location.message.startsWith('Error: '));
  });
}
