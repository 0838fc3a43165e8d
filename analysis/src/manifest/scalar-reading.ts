// How kubectl's YAML reading typed a scalar as written in the file, for the hint and quick fix on
// a decode error: `value: yes` in an env var was read as the boolean true, `replicas: "3"` as a string.
import type { JsonValue } from '@kubesim/engine';
import { resolveScalar, type ScalarTag } from './kubectl-scalars';

/** A one-line scalar as written: its style, its content, and what kubectl read. */
interface ScalarReading {
  style: 'plain' | 'quoted';
  /** The text without quotes. */
  content: string;
  tag: ScalarTag;
  value: JsonValue;
}

/** The reading of `source` (a scalar's text in the file), or undefined for anything but a one-line plain or simply quoted scalar. */
function readingOf(source: string): ScalarReading | undefined {
  const text = source.trim();
  if (text === '' || text.includes('\n')) return undefined;
  if (/^"[^"\\]*"$/.test(text) || /^'([^']|'')*'$/.test(text)) {
    const content = text[0] === "'" ? text.slice(1, -1).replace(/''/g, "'") : text.slice(1, -1);
    return { style: 'quoted', content, tag: '!!str', value: content };
  }
  if (/^[&*!|>{[\]"'#%@`]/.test(text)) return undefined;
  const { tag, value } = resolveScalar(text, 'plain');
  return { style: 'plain', content: text, tag, value };
}

/** "the boolean true", "the number 1.1", "null": what a non-string reading is, in words. */
function describeValue(reading: { tag: ScalarTag; value: JsonValue }): string {
  if (reading.tag === '!!bool') return `the boolean ${String(reading.value)}`;
  if (reading.tag === '!!int' || reading.tag === '!!float') return `the number ${String(reading.value)}`;
  if (reading.tag === '!!null') return 'null';
  return `the string ${JSON.stringify(reading.value)}`;
}

/**
 * The hint for a decode error on a scalar written as `source`, given the server's message
 * ("cannot unmarshal bool into Go struct field EnvVar...value of type string"), if YAML's typing explains it.
 */
export function decodeHint(source: string, message: string): string | undefined {
  const reading = readingOf(source);
  if (!reading) return undefined;
  const wantsString = /of type string$/.test(message);
  if (reading.style === 'plain' && reading.tag !== '!!str' && reading.tag !== '!!timestamp' && wantsString) {
    return `YAML 1.1 (as kubectl reads it) makes the unquoted ${reading.content} ${describeValue(reading)}; quote it ("${reading.content}") to send a string.`;
  }
  if (reading.style === 'quoted' && /cannot unmarshal string into/.test(message)) {
    const unquoted = readingOf(reading.content);
    if (unquoted && unquoted.style === 'plain' && (unquoted.tag === '!!int' || unquoted.tag === '!!float' || unquoted.tag === '!!bool')) {
      return `The quotes make ${JSON.stringify(reading.content)} a string; without them YAML reads ${describeValue(unquoted)}.`;
    }
  }
  return undefined;
}

/** The replacement text that gives the field the type it takes: the scalar quoted, or unquoted. */
export function retypedScalar(source: string, message: string): { newText: string; title: string } | undefined {
  if (!decodeHint(source, message)) return undefined;
  const reading = readingOf(source)!;
  if (reading.style === 'plain')
    return { newText: JSON.stringify(reading.content), title: `Quote ${reading.content} so kubectl sends the string "${reading.content}"` };
  return { newText: reading.content, title: `Remove the quotes so kubectl sends ${describeValue(readingOf(reading.content)!)}` };
}
