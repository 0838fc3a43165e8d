// The server's log, in the client's output channel (window/logMessage through connection.console).
// The `kubesim.trace.server` setting picks how much: errors and warnings are always sent (a failure
// must be heard), `messages` adds what the server did (settings, workspace scan, worker), `verbose`
// adds one line per check. The first `messages` lines logged while the level is off (the server starts its check
// worker, or decides against one, before the client's settings are read) are kept and sent, marked as earlier, when
// a level lets them through.
import type { RemoteConsole } from 'vscode-languageserver/node';

const TRACE_LEVELS = ['off', 'messages', 'verbose'] as const;
type TraceLevel = (typeof TRACE_LEVELS)[number];

/** What the rest of the server logs through. */
export interface Log {
  error(message: string, error?: unknown): void;
  warn(message: string): void;
  info(message: string): void;
  verbose(message: string): void;
}

/** Whether `value` is one of the trace levels. */
export function isTraceLevel(value: unknown): value is TraceLevel {
  return typeof value === 'string' && (TRACE_LEVELS as readonly string[]).includes(value);
}

/** How many lines the log keeps from before a trace level allowed them (the first ones only: then it stops keeping). */
const KEPT_EARLY_LINES = 20;

/** A log over the LSP console whose level the trace setting changes at run time. */
export class ServerLog implements Log {
  private current: TraceLevel = 'off';
  /** `messages` lines logged while the level was off, until a level lets them through. */
  private early: string[] | undefined = [];

  constructor(private readonly console: RemoteConsole) {}

  get level(): TraceLevel {
    return this.current;
  }

  /** The trace setting; the first level that lets `messages` through also sends the lines kept from before it. */
  set level(level: TraceLevel) {
    this.current = level;
    if (level === 'off' || !this.early) return;
    for (const message of this.early) this.console.info(`${message} (earlier)`);
    this.early = undefined;
  }

  error(message: string, error?: unknown): void {
    this.console.error(error === undefined ? message : `${message}: ${describeError(error, this.level === 'verbose')}`);
  }

  warn(message: string): void {
    this.console.warn(message);
  }

  info(message: string): void {
    if (this.current !== 'off') this.console.info(message);
    else if (this.early && this.early.length < KEPT_EARLY_LINES) this.early.push(message);
  }

  verbose(message: string): void {
    if (this.level === 'verbose') this.console.log(message);
  }
}

/** The message of an error (with its stack when `withStack`), for one log line. */
export function describeError(error: unknown, withStack = false): string {
  if (!(error instanceof Error)) return String(error);
  return withStack && error.stack ? error.stack : error.message;
}
