// Selection as LabelSelectorAsSelector and the endpoints controllers read selectors (table-driven).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { labelSelectorMatches, serviceSelectorMatches, type MatchableSelector } from '../../src/model/label-selection';

const labels = { app: 'web', tier: 'front' };

const LABEL_SELECTOR_CASES: { name: string; selector: MatchableSelector | undefined; want: boolean }[] = [
  { name: 'nil selects nothing', selector: undefined, want: false },
  { name: 'empty selects everything', selector: {}, want: true },
  { name: 'matchLabels subset', selector: { matchLabels: { app: 'web' } }, want: true },
  { name: 'matchLabels value differs', selector: { matchLabels: { app: 'api' } }, want: false },
  { name: 'In with the value', selector: { matchExpressions: [{ key: 'tier', operator: 'In', values: ['back', 'front'] }] }, want: true },
  { name: 'In on a missing key', selector: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }, want: false },
  { name: 'NotIn on a missing key', selector: { matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }, want: true },
  { name: 'NotIn with the value', selector: { matchExpressions: [{ key: 'app', operator: 'NotIn', values: ['web'] }] }, want: false },
  { name: 'Exists', selector: { matchExpressions: [{ key: 'app', operator: 'Exists' }] }, want: true },
  { name: 'DoesNotExist on a present key', selector: { matchExpressions: [{ key: 'app', operator: 'DoesNotExist' }] }, want: false },
  { name: 'unknown operator matches nothing', selector: { matchExpressions: [{ key: 'app', operator: 'Equals', values: ['web'] }] }, want: false },
  {
    name: 'labels and expressions must all hold',
    selector: { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['back'] }] },
    want: false,
  },
];

for (const { name, selector, want } of LABEL_SELECTOR_CASES) {
  test(`labelSelectorMatches: ${name}`, () => assert.equal(labelSelectorMatches(selector, labels), want));
}

const SERVICE_CASES: { name: string; selector: Record<string, string> | undefined; want: boolean }[] = [
  { name: 'no selector selects nothing', selector: undefined, want: false },
  { name: 'an empty map selects nothing', selector: {}, want: false },
  { name: 'every pair present', selector: { app: 'web', tier: 'front' }, want: true },
  { name: 'one pair missing', selector: { app: 'web', zone: 'a' }, want: false },
];

for (const { name, selector, want } of SERVICE_CASES) {
  test(`serviceSelectorMatches: ${name}`, () => assert.equal(serviceSelectorMatches(selector, labels), want));
}
