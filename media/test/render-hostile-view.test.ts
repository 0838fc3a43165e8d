// Every string of a RolloutView is data the webview did not write: with a hostile string in every field
// (traffic, Ingress routes, rejection, step time texts and enum-like fields included), no `<` from the data
// reaches the HTML unescaped. The CSP is the second line of defence, not the first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RolloutView } from '../../protocol/src/index';
import { positionText, renderRollout, renderStepDetail, type StepUiState } from '../src/render-rollout';
import { nginxRollout } from './rollout-fixtures';

const MARK = '<x-hostile a="\'>&';

// The nginx rollout with a Service and a canary Ingress route in each step, a rejection and a time text.
function fullView(): RolloutView {
  const view = nginxRollout();
  const share = { owner: 'web-1', revision: '1', images: ['nginx:1.25'], endpoints: 3, share: 1 };
  for (const step of view.steps) {
    step.timeText = `${step.time}s`;
    step.traffic = [{ service: 'web', headless: false, endpoints: 3, readyEndpoints: 3, usingTerminating: false, shares: [share] }];
    step.ingressTraffic = [
      {
        ingress: 'web',
        host: 'shop.example.com',
        path: '/',
        pathType: 'Prefix',
        defaultBackend: false,
        unavailable: false,
        canaryHeader: 'x-canary',
        backends: [
          { service: 'web', port: 'http', weight: 0.8, inPreview: true, readyEndpoints: 3, shares: [{ ...share, share: 0.8 }] },
          { service: 'web-canary', port: 80, weight: 0.2, canaryIngress: 'web-canary', inPreview: false, readyEndpoints: 0, shares: [] },
        ],
      },
    ];
  }
  view.actions = [
    { action: 'pause', atSecond: 5, stepIndex: 1 },
    { action: 'undo', atSecond: 10, stepIndex: 4 },
  ];
  view.base = { kind: 'revision', revision: 'HEAD~1' } as RolloutView['base'];
  view.change = { ...view.change, reusedReplicaSet: 'web-2', unchangedFrom: 'HEAD~2' };
  view.spans = { ...view.spans, 'metadata.name': { start: 10, end: 26, uri: 'file:///w/a.yaml' } };
  return view;
}

// A deep copy with `hostile` applied to every string value (and every number, with `numbers`).
function mapStrings(value: unknown, hostile: (text: string) => string, numbers = false): unknown {
  if (typeof value === 'string' || (numbers && typeof value === 'number')) return hostile(String(value));
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, hostile, numbers));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, hostile, numbers)]));
  }
  return value;
}

function everyRendering(view: RolloutView): string[] {
  const html: string[] = [];
  for (const tab of ['timeline', 'pods', 'kubectl'] as StepUiState['tab'][]) {
    for (let selectedStep = 0; selectedStep < Math.max(1, view.steps.length); selectedStep++) {
      const ui: StepUiState = { selectedStep, tab, playing: false };
      html.push(renderRollout(view, ui, MARK), renderStepDetail(view, ui));
    }
  }
  return html;
}

const VARIANTS: { name: string; hostile: (text: string) => string; numbers?: boolean }[] = [
  { name: 'appended to every string', hostile: (text) => `${text}${MARK}` },
  { name: 'replacing every string', hostile: () => MARK },
  // Numbers are data too: a webview must not trust the types of what it is sent.
  { name: 'replacing every string and number', hostile: () => MARK, numbers: true },
];

for (const { name, hostile, numbers } of VARIANTS) {
  for (const rejected of [false, true]) {
    test(`a hostile string ${name} never reaches the HTML as markup${rejected ? ' (rejected manifest)' : ''}`, () => {
      const source = fullView();
      if (rejected) source.rejection = { kubectl: 'The Deployment "web" is invalid', errors: ['spec.replicas: Invalid value'] };
      const view = mapStrings(source, hostile, numbers) as RolloutView;
      for (const html of everyRendering(view)) {
        assert.ok(
          !html.includes('<x-hostile'),
          `raw markup from data in:\n${html.slice(Math.max(0, html.indexOf('<x-hostile') - 200), html.indexOf('<x-hostile') + 50)}`,
        );
        assert.ok(!html.includes('x-hostile a="'), 'a quote from data reaches the HTML unescaped');
      }
    });
  }
}

test('the position text is plain text (main.ts sets it as textContent) and escaped inside the controls', () => {
  const view = mapStrings(fullView(), (text) => `${text}${MARK}`) as RolloutView;
  assert.ok(positionText(view, 1).includes(MARK));
  const html = renderRollout(view, { selectedStep: 1, tab: 'timeline', playing: false });
  assert.ok(html.includes('<span class="position" id="position" aria-live="polite">Step 2 of 9 · 5s&lt;x-hostile'));
});
