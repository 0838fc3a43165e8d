// fast-check generators of YAML text that stresses how kubectl reads YAML: scalars of every shape
// (YAML 1.1 words in all cases, Go integers in every base with signs and underscores, floats,
// specials, timestamps), quoting, tags, keys (duplicates included), anchors, aliases, merge keys,
// block scalars, flow and block collections, several documents per file.
import fc from 'fast-check';
import { WORDS, REFUSED, SPECIALS, BASE64, TAGS } from './yaml-samples';

type ScalarStyle = 'plain' | 'single' | 'double';
export type YamlNode =
  | { type: 'scalar'; text: string; style: ScalarStyle; tag?: string }
  | { type: 'block'; header: string; lines: string[] }
  | { type: 'alias'; pick: number; mapsOnly?: boolean }
  | { type: 'map'; flow: boolean; anchor: boolean; entries: [YamlNode, YamlNode][]; merge?: YamlNode }
  | { type: 'seq'; flow: boolean; anchor: boolean; items: YamlNode[] };

/** Go-style integer and float literals: any base, sign, underscores. */
const numberText = fc.oneof(
  fc
    .tuple(fc.constantFrom('', '+', '-'), fc.constantFrom('', '0', '0o', '0O', '0x', '0X', '0b', '0B'), fc.bigInt({ min: 0n, max: 1n << 66n }), fc.nat(6))
    .map(([sign, prefix, value, underscore]) => {
      const base = /x/i.test(prefix) ? 16 : /b/i.test(prefix) ? 2 : prefix === '' ? 10 : 8;
      let digits = value.toString(base);
      if (underscore > 0 && digits.length > underscore) digits = digits.slice(0, underscore) + '_' + digits.slice(underscore);
      return sign + prefix + digits;
    }),
  fc
    .tuple(fc.constantFrom('', '+', '-'), fc.nat(99999), fc.option(fc.nat(9999)), fc.option(fc.integer({ min: -30, max: 30 })))
    .map(([sign, whole, fraction, exponent]) => `${sign}${whole}${fraction === null ? '' : '.' + fraction}${exponent === null ? '' : 'e' + exponent}`),
  fc.double({ noNaN: true }).map(String),
);

const scalarText = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 1, arbitrary: fc.constantFrom(...REFUSED) },
  { weight: 40, arbitrary: fc.constantFrom(...SPECIALS) },
  { weight: 30, arbitrary: numberText },
  { weight: 10, arbitrary: fc.stringMatching(/^[a-z][a-z0-9.\-]{0,6}$/) },
);

const scalar: fc.Arbitrary<YamlNode> = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record({
      type: fc.constant('scalar' as const),
      text: scalarText,
      style: fc.constantFrom<ScalarStyle>('plain', 'plain', 'plain', 'single', 'double'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('scalar' as const),
      text: scalarText,
      style: fc.constantFrom<ScalarStyle>('plain', 'double'),
      tag: fc.constantFrom(...TAGS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('scalar' as const),
      text: fc.constantFrom(...BASE64),
      style: fc.constantFrom<ScalarStyle>('plain', 'double'),
      tag: fc.constant('!!binary'),
    }),
  },
);

const keyScalar: fc.Arbitrary<YamlNode> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('a', 'b', 'name', 'x-y').map((text): YamlNode => ({ type: 'scalar', text, style: 'plain' })) },
  { weight: 3, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constant<YamlNode>({ type: 'scalar', text: '<<', style: 'double' }) },
);

const blockScalar: fc.Arbitrary<YamlNode> = fc.record({
  type: fc.constant('block' as const),
  header: fc.constantFrom('|', '|-', '|+', '>', '>-', '|2'),
  lines: fc.array(fc.constantFrom('text', 'yes', '  more', '', '0x1F', 'a: b', '# not a comment'), { minLength: 1, maxLength: 4 }),
});

/** A YAML value tree. */
export const yamlNode: fc.Arbitrary<YamlNode> = fc.letrec<{ node: YamlNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: blockScalar },
    { weight: 2, arbitrary: fc.record({ type: fc.constant('alias' as const), pick: fc.nat(20) }) },
    {
      weight: 3,
      arbitrary: fc.record(
        {
          type: fc.constant('map' as const),
          flow: fc.boolean(),
          anchor: fc.boolean(),
          entries: fc.array(fc.tuple(keyScalar, tie('node')), { maxLength: 4 }),
          merge: fc.option(
            fc.oneof(
              { weight: 4, arbitrary: fc.record({ type: fc.constant('alias' as const), pick: fc.nat(20), mapsOnly: fc.constant(true) }) },
              {
                weight: 2,
                arbitrary: fc.record({
                  type: fc.constant('map' as const),
                  flow: fc.constant(true),
                  anchor: fc.constant(false),
                  entries: fc.array(fc.tuple(keyScalar, scalar), { maxLength: 3 }),
                }),
              },
              {
                weight: 2,
                arbitrary: fc.record({
                  type: fc.constant('seq' as const),
                  flow: fc.constant(true),
                  anchor: fc.constant(false),
                  items: fc.array(
                    fc.oneof(
                      fc.record({ type: fc.constant('alias' as const), pick: fc.nat(20), mapsOnly: fc.constant(true) }),
                      fc.record({
                        type: fc.constant('map' as const),
                        flow: fc.constant(true),
                        anchor: fc.constant(false),
                        entries: fc.array(fc.tuple(keyScalar, scalar), { maxLength: 2 }),
                      }),
                    ),
                    { maxLength: 3 },
                  ),
                }),
              },
              { weight: 1, arbitrary: tie('node') },
            ),
            { freq: 3, nil: undefined },
          ),
        },
        { requiredKeys: ['type', 'flow', 'anchor', 'entries'] },
      ),
    },
    {
      weight: 2,
      arbitrary: fc.record({ type: fc.constant('seq' as const), flow: fc.boolean(), anchor: fc.boolean(), items: fc.array(tie('node'), { maxLength: 3 }) }),
    },
  ),
})).node;

// A map's entries with its merge key second (key undefined), in the order they are written.
function withMerge(node: { entries: [YamlNode, YamlNode][]; merge?: YamlNode }): [YamlNode | undefined, YamlNode][] {
  const entries: [YamlNode | undefined, YamlNode][] = [...node.entries];
  if (node.merge) entries.splice(Math.min(1, entries.length), 0, [undefined, node.merge]);
  return entries;
}

/** Renders nodes to text, numbering anchors in document order and pointing aliases at earlier ones. */
export class YamlWriter {
  /** Anchors of finished nodes (an alias inside its own anchor is kubectl's error, made rarely). */
  private anchors: { name: string; isMap: boolean }[] = [];
  private opened = 0;

  startDocument(): void {
    this.anchors = [];
    this.opened = 0;
  }

  /** The text after `key:` (or `-`) for a node nested at `indent`. */
  block(node: YamlNode, indent: number): string {
    const pad = ' '.repeat(indent);
    switch (node.type) {
      case 'scalar':
        return ' ' + this.scalar(node, false);
      case 'alias':
        return ' ' + this.alias(node.pick, node.mapsOnly);
      case 'block':
        return ` ${node.header}\n` + node.lines.map((line) => (line === '' ? '' : pad + line)).join('\n');
      case 'map': {
        const anchor = this.anchor(node.anchor);
        const entries = [...node.entries];
        if (node.flow || entries.length + (node.merge ? 1 : 0) === 0) return ' ' + anchor + this.flow(node, anchor);
        const lines = withMerge(node).map(([key, value]) => `${pad}${key ? this.scalar(key, false) : '<<'}:${this.block(value, indent + 2)}`);
        this.finish(anchor, true);
        return (anchor ? ' ' + anchor.trim() : '') + '\n' + lines.join('\n');
      }
      case 'seq': {
        const anchor = this.anchor(node.anchor);
        if (node.flow || node.items.length === 0) return ' ' + anchor + this.flow(node, anchor);
        const items = node.items.map((item) => `${pad}-${this.block(item, indent + 2)}`).join('\n');
        this.finish(anchor, false);
        return (anchor ? ' ' + anchor.trim() : '') + '\n' + items;
      }
    }
  }

  private flow(node: YamlNode, anchor = ''): string {
    switch (node.type) {
      case 'scalar':
        return this.scalar(node, true);
      case 'alias':
        return this.alias(node.pick, node.mapsOnly);
      case 'block':
        return JSON.stringify(node.lines.join('\n'));
      case 'map': {
        const parts = withMerge(node).map(([key, value]) => `${key ? this.scalar(key, true) : '<<'}: ${this.flowChild(value)}`);
        this.finish(anchor, true);
        return `{${parts.join(', ')}}`;
      }
      case 'seq': {
        const items = node.items.map((item) => this.flowChild(item));
        this.finish(anchor, false);
        return `[${items.join(', ')}]`;
      }
    }
  }

  private flowChild(node: YamlNode): string {
    if (node.type === 'map' || node.type === 'seq') {
      const anchor = this.anchor(node.anchor);
      return anchor + this.flow(node, anchor);
    }
    return this.flow(node);
  }

  private anchor(wanted: boolean): string {
    return wanted ? `&a${this.opened++} ` : '';
  }

  private finish(anchor: string, isMap: boolean): void {
    if (anchor) this.anchors.push({ name: anchor.trim().slice(1), isMap });
  }

  private alias(pick: number, mapsOnly = false): string {
    const candidates = mapsOnly && pick % 10 !== 0 ? this.anchors.filter((anchor) => anchor.isMap) : this.anchors;
    if (candidates.length > 0) return `*${candidates[pick % candidates.length]!.name}`;
    if (pick === 13 && this.opened > 0) return `*a${this.opened - 1}`;
    return pick === 20 ? '*none' : mapsOnly ? '{}' : '~';
  }

  private scalar(node: YamlNode, inFlow: boolean): string {
    if (node.type !== 'scalar') return this.flow(node);
    const tag = node.tag ? node.tag + ' ' : '';
    const text = node.text;
    const plainSafe = /^(?:[A-Za-z0-9._~+<]|-(?=\S))[^\s#,[\]{}]*$/.test(text) && !/:$/.test(text) && !text.includes(': ') && !(inFlow && text.includes(':'));
    if (node.style === 'plain' && (plainSafe || (text === '' && !inFlow))) return (tag + text).trimEnd();
    if (node.style === 'single') return `${tag}'${text.replace(/'/g, "''")}'`;
    return tag + JSON.stringify(text);
  }
}

/** One test file: documents (each a ConfigMap named `<name>-<i>` holding the generated values), some empty. */
export const yamlFile = fc.record({
  documents: fc.array(fc.record({ values: fc.array(yamlNode, { minLength: 1, maxLength: 3 }), emptyBefore: fc.constantFrom(false, false, false, true) }), {
    minLength: 1,
    maxLength: 3,
  }),
});

/** The text of a generated file. */
export function writeYamlFile(name: string, file: { documents: { values: YamlNode[]; emptyBefore: boolean }[] }): string {
  const writer = new YamlWriter();
  return file.documents
    .map((document, index) => {
      writer.startDocument();
      const header = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}-${index}\n  namespace: default\n`;
      const body = document.values.map((value, i) => `v${i}:${writer.block(value, 2)}\n`).join('');
      return (document.emptyBefore ? '---\n# nothing here\n' : '') + '---\n' + header + body;
    })
    .join('');
}
