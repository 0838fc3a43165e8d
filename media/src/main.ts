// Webview entry: receives the rollout view from the extension and renders it. No rollout logic here.

declare function acquireVsCodeApi(): { postMessage(message: unknown): void; getState(): unknown; setState(state: unknown): void };

const vscodeApi = acquireVsCodeApi();
vscodeApi.postMessage({ type: 'ready' });
