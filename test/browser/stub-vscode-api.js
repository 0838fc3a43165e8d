// Stands in for VS Code's acquireVsCodeApi in the browser harness: records posted messages,
// keeps setState in sessionStorage (so a reload restores it), and notes CSP violations and alerts.
window.posted = [];
window.violations = [];
window.alerted = false;
window.alert = () => {
  window.alerted = true;
};
document.addEventListener('securitypolicyviolation', (event) => {
  window.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
window.acquireVsCodeApi = () => ({
  postMessage(message) {
    window.posted.push(message);
  },
  getState() {
    const text = sessionStorage.getItem('webview-state');
    return text ? JSON.parse(text) : undefined;
  },
  setState(state) {
    sessionStorage.setItem('webview-state', JSON.stringify(state));
  },
});
