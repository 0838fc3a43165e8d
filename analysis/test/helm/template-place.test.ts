// The template line that emitted a rendered field, and the values keys it reads: literal keys followed by
// indentation, list items counted, `toYaml`/`include` blocks reached at their call line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PathSegment } from '@kubesim/engine';
import { placeInTemplate } from '../../src/helm/template-place';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "app.fullname" . }}
  labels:
    {{- include "app.labels" . | nindent 4 }}
spec:
  replicas: {{ .Values.replicaCount }}
  template:
    metadata:
      labels:
        {{- with .Values.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      containers:
        - name: {{ .Chart.Name }}
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          ports:
            - name: http
              containerPort: 80
            - name: {{ .Values.metricsPortName }}
              containerPort: 9090
          env:
            {{- range .Values.extraEnv }}
            - name: {{ .name }}
            {{- end }}
          resources:
            {{- toYaml .Values.resources | nindent 12 }}
        - name: sidecar
          image: busybox
`;

const CASES: { name: string; path: PathSegment[]; line: string; values: string[]; copies?: boolean }[] = [
  {
    name: 'a literal key with a copied value',
    path: ['spec', 'replicas'],
    line: 'replicas: {{ .Values.replicaCount }}',
    values: ['replicaCount'],
    copies: true,
  },
  {
    name: 'an inline value built from two values keys',
    path: ['spec', 'template', 'spec', 'containers', 0, 'image'],
    line: 'image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"',
    values: ['image.repository', 'image.tag'],
  },
  {
    name: 'the second item of a list written out',
    path: ['spec', 'template', 'spec', 'containers', 0, 'ports', 1, 'name'],
    line: 'name: {{ .Values.metricsPortName }}',
    values: ['metricsPortName'],
    copies: true,
  },
  { name: 'the second container', path: ['spec', 'template', 'spec', 'containers', 1, 'image'], line: 'image: busybox', values: [] },
  {
    name: 'a field inside a toYaml block: the call line, the values key with the rest of the path',
    path: ['spec', 'template', 'spec', 'containers', 0, 'resources', 'limits', 'memory'],
    line: '{{- toYaml .Values.resources | nindent 12 }}',
    values: ['resources.limits.memory'],
  },
  {
    name: 'toYaml of `.` inside `with .Values.podLabels`',
    path: ['spec', 'template', 'metadata', 'labels', 'team'],
    line: '{{- toYaml . | nindent 8 }}',
    values: ['podLabels.team'],
  },
  {
    name: 'an item made by `range`: the range line',
    path: ['spec', 'template', 'spec', 'containers', 0, 'env', 2, 'name'],
    line: '{{- range .Values.extraEnv }}',
    values: ['extraEnv.2.name'],
  },
  { name: 'a label from an include', path: ['metadata', 'labels', 'app'], line: '{{- include "app.labels" . | nindent 4 }}', values: [] },
  { name: 'a field no line names: its deepest parent', path: ['spec', 'template', 'spec', 'containers', 1, 'args'], line: 'name: sidecar', values: [] },
];

for (const row of CASES) {
  test(`placeInTemplate: ${row.name}`, () => {
    const place = placeInTemplate(DEPLOYMENT, row.path, undefined, () => true);
    assert.equal(DEPLOYMENT.slice(place.span.start, place.span.end), row.line);
    assert.deepEqual(
      place.valuesPaths.map((path) => path.join('.')),
      row.values,
    );
    assert.equal(place.copiesValue, row.copies ?? false);
  });
}

test('placeInTemplate: of two calls in a block, the one that emits the key', () => {
  const template = 'metadata:\n  labels:\n    {{- include "a.labels" . | nindent 4 }}\n    {{- toYaml .Values.extraLabels | nindent 4 }}\n';
  const emitsTeam = (line: string) => line.includes('extraLabels');
  const place = placeInTemplate(template, ['metadata', 'labels', 'team'], undefined, emitsTeam);
  assert.equal(template.slice(place.span.start, place.span.end), '{{- toYaml .Values.extraLabels | nindent 4 }}');
});

test('placeInTemplate: the second document of a template is searched in its own lines', () => {
  const template = 'kind: A\nspec:\n  x: 1\n---\nkind: B\nspec:\n  x: {{ .Values.b }}\n';
  const place = placeInTemplate(template, ['spec', 'x'], { from: 4, to: 7 });
  assert.equal(template.slice(place.span.start, place.span.end), 'x: {{ .Values.b }}');
});
