// The kubesim language servers of an e2e run, read from /proc (Linux): test/e2e/run.mjs counts them before and
// after it kills one. test/src/e2e-server-processes.test.ts checks this against stand-in processes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The pids of the language servers (dist/server.js of the installed extension) of this code-server run. A process
// the server forks (git, kustomize, helm) carries the server's command line from its fork until its exec, which
// takes tens of milliseconds on a busy machine: a process whose parent is itself a server is not counted.
export function serverPids(runDirectory) {
  const commandLine = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      return []; // The process ended meanwhile.
    }
  };
  const isServer = (pid) => commandLine(pid).some((part) => part.startsWith(runDirectory) && part.endsWith(path.join('dist', 'server.js')));
  const parentOf = (pid) => {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ...", comm may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
    } catch {
      return undefined;
    }
  };
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && isServer(entry))
    .filter((pid) => {
      const parent = parentOf(pid);
      return parent !== undefined && !isServer(parent);
    })
    .map(Number);
}
