// Test helper (a plain module, so importing it registers no tests): the formatted field errors the
// kind rules give an object, after defaulting, for a release; and a table runner.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatFieldError } from '../../../src/apiserver/validation/field-error';
import { kindRuleErrors, kindRulesOf } from '../../../src/apiserver/validation/kind-rules';
import type { JsonObject } from '../../../src/model/objects';
import type { KubernetesVersion } from '../../../src/model/kubernetes-version';
import { defaultClusterSpec } from '../../../src/model/cluster-spec';

/** The `<field>: <body>` messages the API server of `version` gives `object` (or the update from `old`). */
export function messagesOf(object: JsonObject, version: KubernetesVersion = '1.36', old?: JsonObject): string[] {
  const rules = kindRulesOf(String(object.apiVersion), String(object.kind));
  assert.ok(rules, `no rules for ${String(object.apiVersion)}/${String(object.kind)}`);
  return kindRuleErrors(rules, object, old, defaultClusterSpec(version)).map((error) => formatFieldError(error, version));
}

/** One table row: an object, and the exact messages of each listed release (default 1.36). */
export interface Row {
  name: string;
  object: JsonObject;
  messages: string[];
  versions?: KubernetesVersion[];
  old?: JsonObject;
}

/** A test per row and release, named after the upstream function the table restates. */
export function runRows(upstream: string, rows: readonly Row[]): void {
  for (const row of rows) {
    for (const version of row.versions ?? ['1.36']) {
      test(`${upstream} ${version}: ${row.name}`, () => assert.deepEqual(messagesOf(row.object, version, row.old), row.messages));
    }
  }
}

/** A container list of one valid container. */
export const CONTAINERS = [{ name: 'app', image: 'busybox' }];
