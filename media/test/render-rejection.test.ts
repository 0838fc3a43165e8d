// The preview of a manifest the API server refuses: a banner with kubectl's text, escaped, and no timeline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderRollout } from '../src/render-rollout';
import { nginxRollout, XSS } from './rollout-fixtures';
import type { RolloutView } from '../../protocol/src/index';

function rejected(kubectl: string, errors: string[]): RolloutView {
  const view = nginxRollout();
  view.steps = [];
  view.outcome = { kind: 'rejected', message: 'The API server rejects this Deployment: nothing is created.', atSecond: 0 };
  view.rejection = { kubectl, errors };
  return view;
}

test('a rejected manifest shows the banner with the errors as kubectl prints them, and no timeline', () => {
  const kubectl = 'The Deployment "web" is invalid: \n* spec.replicas: Invalid value: -1: must be greater than or equal to 0\n* spec.selector: Required value';
  const html = renderRollout(rejected(kubectl, ['spec.replicas: Invalid value: -1: must be greater than or equal to 0', 'spec.selector: Required value']), {
    selectedStep: 0,
    tab: 'timeline',
    playing: false,
  });
  assert.match(html, /<section class="rejection" role="alert"[^>]*><p><strong>The API server rejects this Deployment: nothing is created\.<\/strong>/);
  assert.match(html, /2 errors from the API server; kubectl prints:/);
  assert.ok(html.includes(`<pre class="rejection-kubectl">The Deployment &quot;web&quot; is invalid: \n* spec.replicas:`));
  for (const absent of ['id="scrubber"', 'class="timeline"', 'id="step-detail"', 'Triggers a rollout', 'class="outcome'])
    assert.ok(!html.includes(absent), absent);
});

test('the rejection text from the manifest is escaped', () => {
  const html = renderRollout(rejected(`The Deployment "${XSS}" is invalid: metadata.name: Invalid value: "${XSS}"`, [`metadata.name: ${XSS}`]), {
    selectedStep: 0,
    tab: 'timeline',
    playing: false,
  });
  assert.ok(!html.includes(XSS));
  assert.match(html, /1 error from the API server/);
});
