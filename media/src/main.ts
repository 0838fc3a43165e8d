// Webview entry: receives the rollout view from the extension and renders it. No rollout logic here.
import {
  DEFAULT_WHAT_IF,
  type FromWebview,
  type RolloutBase,
  type RolloutView,
  type ToWebview,
  type WebviewState,
  type WhatIf,
} from '../../protocol/src/index';
import { positionText, renderEmpty, renderRollout, renderStepDetail, type PanelState, type StepUiState } from './render-rollout';

declare function acquireVsCodeApi(): { postMessage(message: unknown): void; getState(): unknown; setState(state: unknown): void };

const vscodeApi = acquireVsCodeApi();
const root = document.getElementById('app')!;
/** Milliseconds between steps while playing. */
const PLAY_INTERVAL = 400;

let view: RolloutView | undefined;
let banner: string | undefined;
const panel: PanelState = {};
const ui: StepUiState = { selectedStep: 0, tab: 'timeline', playing: false };
let timer: ReturnType<typeof setInterval> | undefined;

function post(message: FromWebview): void {
  vscodeApi.postMessage(message);
}

function saveState(): void {
  const state: WebviewState = { selectedStep: ui.selectedStep, tab: ui.tab, everyPass: ui.everyPass === true };
  if (view) state.view = view;
  if (panel.pinned) state.pinned = true;
  vscodeApi.setState(state);
}

function renderAll(): void {
  root.innerHTML = view ? renderRollout(view, ui, banner, panel) : renderEmpty(banner ?? 'Waiting for the rollout simulation…');
  root.setAttribute('aria-busy', 'false');
}

/** Re-renders only what depends on the selected step, so scrubbing and playing stay cheap. */
function renderStep(focusSelector?: string): void {
  // A rejected manifest has no steps and no timeline to update; a greyed one stays as it was.
  if (!view || view.rejection || panel.unreadable) return;
  document.getElementById('step-detail')!.innerHTML = renderStepDetail(view, ui);
  const scrubber = document.getElementById('scrubber') as HTMLInputElement | null;
  if (scrubber) {
    scrubber.value = String(ui.selectedStep);
    scrubber.setAttribute('aria-valuetext', positionText(view, ui.selectedStep));
  }
  document.getElementById('position')!.textContent = positionText(view, ui.selectedStep);
  if (focusSelector) (document.querySelector(focusSelector) as HTMLElement | null)?.focus();
  saveState();
}

function selectStep(index: number): void {
  if (!view || view.steps.length === 0 || panel.unreadable) return;
  ui.selectedStep = Math.min(Math.max(0, index), view.steps.length - 1);
  renderStep();
}

function setPlaying(playing: boolean): void {
  ui.playing = playing;
  if (timer !== undefined) clearInterval(timer);
  timer = undefined;
  if (playing && view) {
    if (ui.selectedStep >= view.steps.length - 1) selectStep(0);
    timer = setInterval(() => {
      if (!view || ui.selectedStep >= view.steps.length - 1) setPlaying(false);
      else selectStep(ui.selectedStep + 1);
    }, PLAY_INTERVAL);
  }
  const button = document.querySelector('[data-action="play"]');
  if (button) {
    button.textContent = playing ? '❚❚ Pause' : '▶ Play';
    button.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    button.setAttribute('title', playing ? 'Pause' : 'Play');
    button.setAttribute('aria-pressed', String(playing));
  }
}

function readWhatIf(form: HTMLFormElement): WhatIf {
  const data = new FormData(form);
  const number = (name: string): number | undefined => {
    const text = String(data.get(name) ?? '').trim();
    return text === '' || !Number.isFinite(Number(text)) ? undefined : Math.max(0, Math.trunc(Number(text)));
  };
  const choice = data.get('readiness');
  const seconds = number('readySeconds');
  const readiness: WhatIf['readiness'] =
    choice === 'neverReady' || choice === 'probeFails' || choice === 'initFails'
      ? { kind: choice }
      : choice === 'ready' && seconds !== undefined
        ? { kind: 'ready', afterSeconds: seconds }
        : { kind: 'probes' };
  const whatIf: WhatIf = { readiness };
  const imagePullSeconds = number('imagePullSeconds');
  if (imagePullSeconds !== undefined) whatIf.imagePullSeconds = imagePullSeconds;
  const replicas = number('replicas');
  const pauseAtSecond = number('pauseAtSecond');
  const resumeAtSecond = number('resumeAtSecond');
  const undoToRevision = number('undoToRevision');
  if (replicas !== undefined) whatIf.replicas = replicas;
  if (pauseAtSecond !== undefined) whatIf.pauseAtSecond = pauseAtSecond;
  if (resumeAtSecond !== undefined) whatIf.resumeAtSecond = resumeAtSecond;
  if (undoToRevision !== undefined) whatIf.undoToRevision = undoToRevision;
  readWorkloadWhatIf(data, number, whatIf);
  return whatIf;
}

// The Job, CronJob and HPA knobs (renderWorkloadWhatIf's fields): only those the form has and the user filled in.
function readWorkloadWhatIf(data: FormData, number: (name: string) => number | undefined, whatIf: WhatIf): void {
  for (const name of ['podFailures', 'exitCode', 'runSeconds'] as const) {
    const value = number(name);
    if (value !== undefined) whatIf[name] = value;
  }
  const shape = data.get('metricShape');
  if (shape === null) return;
  const from = number('metricFrom');
  const to = number('metricTo');
  if (from === undefined && to === undefined) return;
  const start = from ?? to!;
  const end = to ?? start;
  const atSecond = number('metricAt') ?? 60;
  if (shape === 'constant') whatIf.metric = { shape: 'constant', value: start };
  else if (shape === 'ramp') whatIf.metric = { shape: 'ramp', from: start, to: end, atSecond, overSeconds: number('metricOver') ?? 120 };
  else whatIf.metric = { shape: 'step', from: start, to: end, atSecond };
}

function readBase(form: HTMLFormElement): RolloutBase {
  const data = new FormData(form);
  const kind = String(data.get('kind'));
  if (kind === 'revision') return { kind: 'revision', revision: String(data.get('revision') ?? '').trim() || 'HEAD' };
  return kind === 'opened' || kind === 'fresh' ? { kind } : { kind: 'head' };
}

function onAction(target: HTMLElement): void {
  const action = target.dataset['action'];
  if (!view) return;
  switch (action) {
    case 'first':
      return selectStep(0);
    case 'prev':
      return selectStep(ui.selectedStep - 1);
    case 'next':
      return selectStep(ui.selectedStep + 1);
    case 'last':
      return selectStep(view.steps.length - 1);
    case 'play':
      return setPlaying(!ui.playing);
    case 'select':
      return selectStep(Number(target.dataset['step']));
    case 'tab':
      ui.tab = target.dataset['tab'] as StepUiState['tab'];
      return renderStep(`#tab-${ui.tab}`);
    case 'reveal': {
      const span = { start: Number(target.dataset['start']), end: Number(target.dataset['end']) };
      return post({ type: 'revealInEditor', span: target.dataset['uri'] ? { ...span, uri: target.dataset['uri'] } : span });
    }
    case 'copy': {
      const text = document.getElementById(target.dataset['target'] ?? '')?.textContent ?? '';
      post({ type: 'copy', text });
      target.textContent = 'Copied';
      return;
    }
    case 'resetWhatIf':
      return post({ type: 'setWhatIf', whatIf: DEFAULT_WHAT_IF });
    case 'setBase':
      return post({ type: 'setBase', base: target.dataset['base'] === 'fresh' ? { kind: 'fresh' } : { kind: 'head' } });
    case 'pin':
      panel.pinned = !panel.pinned;
      post({ type: 'setPinned', pinned: panel.pinned });
      renderAll();
      saveState();
      return;
    case 'everyPass':
      ui.everyPass = !ui.everyPass;
      return renderStep('[data-action="everyPass"]');
  }
}

root.addEventListener('click', (event) => {
  const target = (event.target as HTMLElement).closest<HTMLElement>('[data-action]');
  if (target) onAction(target);
  const column = (event.target as Element).closest('g[data-from]');
  if (column) selectStep(Number(column.getAttribute('data-from')));
});

root.addEventListener('input', (event) => {
  const target = event.target as HTMLElement;
  if (target.id === 'scrubber') selectStep(Number((target as HTMLInputElement).value));
  if (target.id === 'base-kind') (document.getElementById('base-revision') as HTMLInputElement).hidden = (target as HTMLSelectElement).value !== 'revision';
});

root.addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.target as HTMLFormElement;
  if (form.dataset['form'] === 'whatIf') post({ type: 'setWhatIf', whatIf: readWhatIf(form) });
  if (form.dataset['form'] === 'base') post({ type: 'setBase', base: readBase(form) });
});

// Arrow keys move between tabs (WAI-ARIA tabs pattern); elsewhere outside inputs, arrows step the timeline.
root.addEventListener('keydown', (event) => {
  const target = event.target as HTMLElement;
  if (target.getAttribute('role') === 'tab' && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
    const tabs: StepUiState['tab'][] = ['timeline', 'pods', 'kubectl'];
    const next = tabs[(tabs.indexOf(ui.tab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    ui.tab = next;
    renderStep(`#tab-${next}`);
    event.preventDefault();
  }
});
document.addEventListener('keydown', (event) => {
  const target = event.target as HTMLElement;
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.getAttribute('role') === 'tab') return;
  if (event.key === 'ArrowRight' || event.key === 'j') {
    selectStep(ui.selectedStep + 1);
    event.preventDefault();
  }
  if (event.key === 'ArrowLeft' || event.key === 'k') {
    selectStep(ui.selectedStep - 1);
    event.preventDefault();
  }
  if (event.key === ' ' && target.tagName !== 'BUTTON') {
    setPlaying(!ui.playing);
    event.preventDefault();
  }
});

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  if (message.type === 'showRollout') {
    const sameWorkload = view && view.name === message.view.name && view.kind === message.view.kind && view.uri === message.view.uri;
    view = message.view;
    banner = message.banner;
    panel.pinned = message.pinned === true;
    panel.unreadable = undefined;
    if (!sameWorkload) ui.selectedStep = 0;
    ui.selectedStep = Math.min(ui.selectedStep, Math.max(0, view.steps.length - 1));
    setPlaying(false);
    renderAll();
    saveState();
  } else if (message.type === 'banner') {
    banner = message.banner;
    const element = document.getElementById('banner');
    if (element && view) {
      element.textContent = banner ?? '';
      element.hidden = banner === undefined;
    } else {
      renderAll();
    }
  } else if (message.type === 'unreadable') {
    // The last good rollout stays, greyed, until the workload can be read again.
    panel.unreadable = message.message;
    setPlaying(false);
    renderAll();
  } else if (message.type === 'clear') {
    view = undefined;
    panel.unreadable = undefined;
    banner = message.message;
    setPlaying(false);
    renderAll();
    saveState();
  }
});

const saved = vscodeApi.getState() as WebviewState | undefined;
if (saved?.view) {
  view = saved.view;
  ui.selectedStep = saved.selectedStep;
  ui.tab = saved.tab;
  ui.everyPass = saved.everyPass === true;
  panel.pinned = saved.pinned === true;
}
renderAll();
post({ type: 'ready' });
