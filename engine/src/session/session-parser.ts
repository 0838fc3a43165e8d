// Parsing kubectl session files: one command per line, `#` comments, shell-like quoting.

/** One command of a session. */
export interface SessionLine {
  /** 1-based line number in the session file. */
  line: number;
  /** The command as written (trimmed). */
  text: string;
  /** The words after shell-like splitting, e.g. ['kubectl', 'get', 'rs']. */
  argv: string[];
}

/** Splits a command line into words; single and double quotes group, backslash escapes. */
function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && i + 1 < text.length) current += text[++i];
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (char === '\\' && i + 1 < text.length) {
      current += text[++i];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else if (char === '#' && !inWord) {
      break;
    } else {
      current += char;
      inWord = true;
    }
  }
  if (inWord) words.push(current);
  return words;
}

/** The commands of a session text (blank and comment lines dropped; a leading `$ ` is allowed). */
export function parseSession(text: string): SessionLine[] {
  const lines: SessionLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim().replace(/^\$\s+/, '');
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const argv = splitCommandLine(trimmed);
    if (argv.length > 0) lines.push({ line: index + 1, text: trimmed, argv });
  });
  return lines;
}

/** Parsed flags and positional words of a kubectl command line (after the sub-command words). */
interface ParsedArguments {
  positional: string[];
  /** Flags by long name without dashes; `-f` becomes `filename`, a bare flag is "true". */
  flags: Map<string, string>;
}

const SHORT_FLAGS: Record<string, string> = { p: 'patch', f: 'filename', n: 'namespace', l: 'selector', o: 'output', w: 'watch', c: 'container' };
const VALUE_FLAGS = new Set([
  'filename',
  'namespace',
  'selector',
  'output',
  'replicas',
  'revision',
  'to-revision',
  'timeout',
  'kubernetes-version',
  'container',
  'patch',
  'type',
  'min',
  'max',
  'cpu-percent',
  'cpu',
  'memory',
  'name',
]);

/** Splits words into positional arguments and flags (`--a=b`, `--a b`, `-f b`, `--record`). */
export function parseArguments(words: string[]): ParsedArguments {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const match = /^--?([^=]+)(?:=(.*))?$/.exec(word);
    if (!match || word === '-') {
      positional.push(word);
      continue;
    }
    const name = word.startsWith('--') ? match[1] : (SHORT_FLAGS[match[1]] ?? match[1]);
    if (match[2] !== undefined) flags.set(name, match[2]);
    else if (VALUE_FLAGS.has(name) && i + 1 < words.length) flags.set(name, words[++i]);
    else flags.set(name, 'true');
  }
  return { positional, flags };
}

/**
 * The kubernetes.io/change-cause text kubectl --record writes: the command path, the positional
 * arguments, then the set flags sorted by name as --name=value
 * (`kubectl set image deployment/web nginx=nginx:1.9.1 --record=true`).
 */
export function changeCauseOf(commandPath: string[], parsed: ParsedArguments): string {
  const flags = [...parsed.flags.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, value]) => `--${name}=${value}`);
  return ['kubectl', ...commandPath, ...parsed.positional, ...flags].join(' ');
}

/** A Go-style duration (`10s`, `1m30s`, `500ms`, `2h`) or a bare number of seconds, in ms. */
export function parseDuration(text: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  let rest = text;
  while (rest.length > 0) {
    const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)/.exec(rest);
    if (!match) return undefined;
    total += Number(match[1]) * units[match[2]];
    rest = rest.slice(match[0].length);
  }
  return text.length > 0 ? total : undefined;
}
