// Answers `initialize` before the LSP library is loaded (server-main.ts): the first message is read from the
// transport by hand, answered, and then handed to the library as if it had just arrived, so the library sets up
// its own state (the client's capabilities, the parent-process watch) from it. The library's own answer to that
// replayed request is dropped on the way out: the client gets exactly one answer.
// Only stdio and Node IPC take this path (what editors and the benchmarks use); sockets and pipes start as before.
import { Writable } from 'node:stream';

/** The JSON-RPC request `initialize` as received, with the id its answer must carry. */
export interface EarlyRequest {
  readonly id: number | string;
  readonly method: string;
  readonly params?: unknown;
}

/** The transport named on the command line that this path can read by hand, if any. */
export function earlyTransport(argv: readonly string[]): 'stdio' | 'ipc' | undefined {
  for (const arg of argv) {
    if (arg === '--stdio') return 'stdio';
    if (arg === '--node-ipc') return 'ipc';
    // The library takes the first transport argument it knows; so does this.
    if (/^--(socket|pipe)(=|$)/.test(arg)) return undefined;
  }
  return undefined;
}

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');

/** One framed message at the start of `bytes` (the LSP base protocol: headers, a blank line, the body). */
function firstFrame(bytes: Buffer): { body: Buffer; end: number } | 'incomplete' | 'invalid' {
  const headerEnd = bytes.indexOf(HEADER_END);
  if (headerEnd < 0) return bytes.length > 64 * 1024 ? 'invalid' : 'incomplete';
  const match = /^content-length:\s*(\d+)\s*$/im.exec(bytes.subarray(0, headerEnd).toString('ascii'));
  if (!match) return 'invalid';
  const start = headerEnd + HEADER_END.length;
  const end = start + Number(match[1]);
  return bytes.length < end ? 'incomplete' : { body: bytes.subarray(start, end), end };
}

/** The message if it is a request named `initialize`. */
function asInitialize(message: unknown): EarlyRequest | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { id, method, params } = message as { id?: unknown; method?: unknown; params?: unknown };
  if (method !== 'initialize' || (typeof id !== 'number' && typeof id !== 'string')) return undefined;
  return { id, method, params };
}

function parseBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** The answer to `request` as the library would write it. */
function answerTo(request: EarlyRequest, result: unknown): { jsonrpc: '2.0'; id: number | string; result: unknown } {
  return { jsonrpc: '2.0', id: request.id, result };
}

/**
 * Reads stdin up to the end of the first message; when it is `initialize`, writes `result` as its answer. Then
 * puts every byte read back at the front of stdin, paused (the caller resumes it once the library listens), and
 * calls `handOver` with the request it answered, or undefined when the first message was something else.
 */
export function answerInitializeOnStdio(result: unknown, handOver: (answered: EarlyRequest | undefined) => void): void {
  const chunks: Buffer[] = [];
  const onData = (chunk: Buffer): void => {
    chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    const frame = firstFrame(bytes);
    if (frame === 'incomplete') return;
    process.stdin.off('data', onData);
    process.stdin.pause();
    process.stdin.unshift(bytes);
    const request = frame === 'invalid' ? undefined : asInitialize(parseBody(frame.body));
    if (request) {
      const body = Buffer.from(JSON.stringify(answerTo(request, result)), 'utf8');
      process.stdout.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
    }
    handOver(request);
  };
  process.stdin.on('data', onData);
}

/**
 * Over Node IPC: answers the first message when it is `initialize`, and calls `handOver` with it. The messages
 * received until `replay` is called (the library's reader listens by then) are emitted again, in order.
 */
export function answerInitializeOnIpc(result: unknown, handOver: (answered: EarlyRequest | undefined, replay: () => void) => void): void {
  const received: unknown[] = [];
  const onMessage = (message: unknown): void => {
    received.push(message);
    if (received.length > 1) return;
    const request = asInitialize(message);
    if (request) process.send?.(answerTo(request, result));
    handOver(request, () => {
      process.off('message', onMessage);
      for (const message of received) process.emit('message', message as never, undefined as never);
    });
  };
  process.on('message', onMessage);
}

/** Whether `message` is the library's answer to the request answered early (to be dropped). */
export function isAnswerTo(request: EarlyRequest, message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const { id, method } = message as { id?: unknown; method?: unknown };
  return method === undefined && id === request.id;
}

/**
 * Standard output for the library's writer: passes every framed message through except the first answer to
 * `request`, which the client already has.
 */
export class EarlyAnswerFilter extends Writable {
  private pending = Buffer.alloc(0);
  private dropped = false;

  constructor(
    private readonly request: EarlyRequest,
    private readonly out: NodeJS.WritableStream = process.stdout,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.dropped) {
      this.out.write(chunk);
      callback();
      return;
    }
    this.pending = Buffer.concat([this.pending, chunk]);
    for (;;) {
      const frame = firstFrame(this.pending);
      if (frame === 'incomplete') break;
      if (frame === 'invalid') {
        // Not a frame this filter understands: pass everything through from here on.
        this.dropped = true;
        this.out.write(this.pending);
        this.pending = Buffer.alloc(0);
        break;
      }
      const bytes = this.pending.subarray(0, frame.end);
      this.pending = this.pending.subarray(frame.end);
      if (isAnswerTo(this.request, parseBody(frame.body))) {
        this.dropped = true;
        if (this.pending.length > 0) this.out.write(this.pending);
        this.pending = Buffer.alloc(0);
        break;
      }
      this.out.write(bytes);
    }
    callback();
  }
}
