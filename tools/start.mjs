// `npm start` (after npm install + build): opens a real VS Code with kubesim loaded on examples/.
// Desktop VS Code when `code` is on PATH; otherwise code-server from npm in the browser with the packaged
// .vsix installed (URL printed), which keeps running until Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLES = path.join(ROOT, 'examples');

function hasDesktopCode() {
  const which = spawnSync('sh', ['-c', 'command -v code'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() !== '' && !process.env.KUBESIM_USE_CODE_SERVER;
}

if (hasDesktopCode()) {
  console.log(`Opening VS Code with kubesim from ${ROOT} on ${EXAMPLES} ...`);
  const code = spawn('code', ['--new-window', `--extensionDevelopmentPath=${ROOT}`, EXAMPLES], { stdio: 'inherit' });
  code.on('exit', (status) => process.exit(status ?? 0));
} else {
  const { ensureCodeServer, packageVsix, startCodeServer } = await import('../test/e2e/code-server.mjs');
  ensureCodeServer(ROOT);
  // code-server has no --extensionDevelopmentPath: it loads kubesim from the freshly packaged .vsix.
  if (!packageVsix(ROOT)) process.exit(1);
  const port = Number(process.env.PORT ?? 8080);
  const server = await startCodeServer(ROOT, { vsix: path.join(ROOT, 'kubesim.vsix'), port, settings: { 'editor.codeLens': true } });
  const url = `${server.url}/?folder=${encodeURIComponent(EXAMPLES)}`;
  console.log(
    `\nkubesim is loaded in code-server (VS Code in the browser). Open:\n\n  ${url}\n\n` +
      `Logs: ${path.join(server.paths.run, 'code-server.log')}\nPress Ctrl+C to stop.`,
  );
  const stop = () => {
    server.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Stay alive exactly as long as code-server does.
  server.child.on('exit', (status) => {
    console.log(`code-server exited (${status ?? 'signal'}).`);
    process.exit(status ?? 0);
  });
}
