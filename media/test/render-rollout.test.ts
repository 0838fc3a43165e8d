// renderRollout: structure, escaping of manifest strings, and bounded output for huge timelines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderRollout, renderStepDetail } from '../src/render-rollout';
import { hostileRollout, hugeRollout, nginxRollout, XSS } from './rollout-fixtures';
import type { StepUiState } from '../src/render-step';

const ui = (selectedStep: number, tab: StepUiState['tab'] = 'timeline'): StepUiState => ({ selectedStep, tab, playing: false });

test('the preview names the workload, the change and the outcome', () => {
  const html = renderRollout(nginxRollout(), ui(0));
  assert.match(html, /<h1>Deployment <button[^>]*data-action="reveal" data-start="10" data-end="26"[^>]*>nginx-deployment<\/button><\/h1>/);
  assert.match(html, /Triggers a rollout/);
  assert.match(html, /Rollout complete after 15s\./);
  assert.match(html, /<input id="scrubber" class="scrubber" type="range" min="0" max="8"/);
});

test('the selected step shows every ReplicaSet with its counts and the budget', () => {
  const html = renderStepDetail(nginxRollout(), ui(3));
  assert.match(html, /nginx-deployment-5d59d67564<\/button> <span class="rs-tag">new · revision 2/);
  assert.match(html, /nginx-deployment-77d8468669<\/button> <span class="rs-tag">old · revision 1/);
  assert.match(html, /desired <b>2<\/b> · current <b>2<\/b> · ready <b>1<\/b> · available <b>1<\/b>/);
  assert.match(html, /ReplicaSets ask for <b>4<\/b> pods, at most 4 \(replicas 3 \+ maxSurge 1\)/);
  // The budget's two inline-block spans wrap in a narrow panel: the "·" between them ends the first, never alone.
  assert.match(html, /maxSurge 1\) ·<\/span> <span>/);
  assert.match(html, /<b>3<\/b> available; old ReplicaSets scale down only while 3 stay available \(replicas 3 − maxUnavailable 0\)/);
  const eventRow = new RegExp(
    '<tr class="event event-Normal"><td>Normal</td><td>ScalingReplicaSet</td><td>deployment-controller</td>' +
      '<td><button[^>]*data-start="10" data-end="20"[^>]*>Scaled up replica set nginx-deployment-5d59d67564 from 1 to 2</button></td></tr>',
  );
  assert.match(html, eventRow);
});

test('an edit that changes nothing says there is no rollout', () => {
  const view = nginxRollout();
  view.change = { ...view.change, triggersRollout: false, changedPaths: ['spec.replicas'] };
  assert.match(renderRollout(view, ui(0)), /No rollout: the pod template is unchanged/);
});

test('the pods tab lists pods with their ReplicaSet; the kubectl tab has copyable outputs', () => {
  const view = nginxRollout();
  const pods = renderStepDetail(view, ui(3, 'pods'));
  assert.match(pods, /<caption>4 pods at 5s<\/caption>/);
  assert.match(
    pods,
    /nginx-deployment-5d59d67564-fghij<\/button><\/td><td>Pending<\/td><td>ContainerCreating<\/td><td>0\/1<\/td><td>nginx-deployment-5d59d67564<\/td>/,
  );
  const kubectl = renderStepDetail(view, ui(8, 'kubectl'));
  assert.match(kubectl, /\$ kubectl rollout status deployment\/nginx-deployment\ndeployment &quot;nginx-deployment&quot; successfully rolled out/);
  assert.equal((kubectl.match(/data-action="copy"/g) ?? []).length, 3);
});

for (const tab of ['timeline', 'pods', 'kubectl'] as const) {
  test(`a hostile manifest string renders as text (${tab} tab)`, () => {
    const view = hostileRollout();
    const html = renderRollout(view, ui(3, tab));
    assert.ok(!html.includes('<img'), 'no <img> element may be produced');
    assert.ok(!/onerror=/.test(html.replace(/&lt;img src=x onerror=alert\(1\)&gt;/g, '')), 'onerror appears only inside escaped text');
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(!html.includes(XSS));
  });
}

test('a 5,000-step, 100,000-replica rollout renders a bounded page', () => {
  const view = hugeRollout(5000);
  const html = renderRollout(view, ui(2500));
  assert.equal((html.match(/<g data-from=/g) ?? []).length, 240);
  assert.equal((html.match(/class="step-row/g) ?? []).length, 41);
  assert.match(html, /… 2480 earlier steps/);
  assert.ok(html.length < 400_000, `page is ${html.length} characters`);
  const pods = renderStepDetail(view, ui(2500, 'pods'));
  assert.match(pods, /… 99996 more pods not listed\./);
});

test('the kubectl tab shows the text the server sent, verbatim and escaped, notes outside the copied text', () => {
  const view = nginxRollout();
  const step = view.steps[8]!;
  step.kubectl = [
    {
      kind: 'get',
      command: 'kubectl get deploy,rs,pods',
      output: 'NAME                               READY\ndeployment.apps/nginx-deployment   3/3',
      note: '… 7 more pods not listed',
    },
    {
      kind: 'describe',
      command: 'kubectl describe deployment nginx-deployment',
      output: 'Events:\n  Normal  ScalingReplicaSet  5s (x3 over 2m)  deployment-controller  a <b>',
      excerpt: true,
    },
  ];
  const html = renderStepDetail(view, ui(8, 'kubectl'));
  const getBlock = new RegExp(
    '<pre id="kubectl-get"[^>]*>\\$ kubectl get deploy,rs,pods\\nNAME {31}READY\\n' +
      'deployment\\.apps/nginx-deployment   3/3</pre><p class="muted">… 7 more pods not listed</p>',
  );
  assert.match(html, getBlock);
  const describeBlock = new RegExp(
    '<pre id="kubectl-describe"[^>]*>\\$ kubectl describe deployment nginx-deployment\\n…\\nEvents:\\n' +
      ' {2}Normal {2}ScalingReplicaSet {2}5s \\(x3 over 2m\\) {2}deployment-controller {2}a &lt;b&gt;</pre>',
  );
  assert.match(html, describeBlock);
  assert.equal((html.match(/data-action="copy"/g) ?? []).length, 2);
});

test('a repeated event in a step shows its count', () => {
  const view = nginxRollout();
  view.steps[0]!.events[0] = { ...view.steps[0]!.events[0]!, count: 3, lastSeen: 4 };
  assert.match(renderStepDetail(view, ui(0)), /from 0 to 1<\/button> <span class="event-count">\(x3\)<\/span>/);
});
