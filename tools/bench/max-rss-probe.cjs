// Preloaded into a process by tools/bench/hostile.mjs (node --require): writes the process's peak resident
// set (process.resourceUsage().maxRSS, in KB) to the file named by KUBESIM_MAX_RSS_FILE when it exits.
'use strict';
const { writeFileSync } = require('node:fs');

const out = process.env.KUBESIM_MAX_RSS_FILE;
if (out) process.on('exit', () => writeFileSync(out, String(process.resourceUsage().maxRSS)));
