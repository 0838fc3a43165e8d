// core/v1 defaulting of a pod template as the API server applies it: the SetDefaults_* functions
// of pkg/apis/core/v1/defaults.go, the +default markers of k8s.io/api (applied by the generated
// SetObjectDefaults_*), then the drop of fields whose feature gate is off
// (drop-disabled-fields.ts), and the v1 -> internal -> v1 conversion that mirrors
// serviceAccountName into serviceAccount.
import { isJsonObject } from '../model/json-value';
import { goLayoutFor } from '../go-layout/go-layouts';
import type { GoLayout } from '../go-layout/go-layout-types';
import { goTypeShape, type GoTypeShape } from '../go-layout/go-types';
import { cloneJson } from '../model/clone';
import type { ClusterSpec } from '../model/cluster-spec';
import type { KubernetesVersion } from '../model/kubernetes-version';
import type { JsonObject, JsonValue, PodTemplateSpec } from '../model/objects';
import { dropDisabledPodSpecFields } from './drop-disabled-fields';
import { imagePullPolicyFor } from './image-reference';

type Defaulter = (object: JsonObject) => void;

function setIfEmpty(object: JsonObject, key: string, value: JsonValue): void {
  if (object[key] === undefined || object[key] === null || object[key] === '') object[key] = value;
}

function setIfZero(object: JsonObject, key: string, value: number): void {
  if (!object[key]) object[key] = value;
}

// SetDefaults_<Type> of pkg/apis/core/v1/defaults.go that reach a pod template, by Go type.
const TYPE_DEFAULTERS: Record<string, Defaulter> = {
  // SetDefaults_PodSpec (hostNetwork ports are not defaulted in templates: the
  // DefaultHostNetworkHostPortsInPodTemplates gate is off).
  'core.PodSpec': (spec) => {
    setIfEmpty(spec, 'dnsPolicy', 'ClusterFirst');
    setIfEmpty(spec, 'restartPolicy', 'Always');
    if (spec.securityContext === undefined || spec.securityContext === null) spec.securityContext = {};
    if (spec.terminationGracePeriodSeconds === undefined || spec.terminationGracePeriodSeconds === null) spec.terminationGracePeriodSeconds = 30;
    setIfEmpty(spec, 'schedulerName', 'default-scheduler');
  },
  // SetDefaults_Container.
  'core.Container': (container) => setContainerDefaults(container),
  // SetDefaults_EphemeralContainer applies SetDefaults_Container to the inlined common part.
  'core.EphemeralContainerCommon': (container) => setContainerDefaults(container),
  // SetDefaults_Probe.
  'core.Probe': (probe) => {
    setIfZero(probe, 'timeoutSeconds', 1);
    setIfZero(probe, 'periodSeconds', 10);
    setIfZero(probe, 'successThreshold', 1);
    setIfZero(probe, 'failureThreshold', 3);
  },
  // SetDefaults_HTTPGetAction (probes and lifecycle handlers).
  'core.HTTPGetAction': (action) => {
    setIfEmpty(action, 'path', '/');
    setIfEmpty(action, 'scheme', 'HTTP');
  },
  // SetDefaults_Volume: a volume with no source is an emptyDir.
  'core.Volume': (volume) => {
    const sourceKeys = Object.keys(volume).filter((key) => key !== 'name' && volume[key] !== null && volume[key] !== undefined);
    if (sourceKeys.length === 0) volume.emptyDir = {};
  },
  'core.SecretVolumeSource': (source) => setDefaultMode(source),
  'core.ConfigMapVolumeSource': (source) => setDefaultMode(source),
  'core.DownwardAPIVolumeSource': (source) => setDefaultMode(source),
  'core.ProjectedVolumeSource': (source) => setDefaultMode(source),
  // SetDefaults_ServiceAccountTokenProjection.
  'core.ServiceAccountTokenProjection': (projection) => {
    if (projection.expirationSeconds === undefined || projection.expirationSeconds === null) projection.expirationSeconds = 3600;
  },
  // SetDefaults_HostPathVolumeSource: the type becomes a pointer to "".
  'core.HostPathVolumeSource': (source) => {
    if (source.type === undefined || source.type === null) source.type = '';
  },
  // SetDefaults_ObjectFieldSelector.
  'core.ObjectFieldSelector': (selector) => setIfEmpty(selector, 'apiVersion', 'v1'),
  // SetDefaults_PersistentVolumeClaimSpec.
  'core.PersistentVolumeClaimSpec': (spec) => {
    if (spec.volumeMode === undefined || spec.volumeMode === null) spec.volumeMode = 'Filesystem';
  },
};

function setContainerDefaults(container: JsonObject): void {
  setIfEmpty(container, 'imagePullPolicy', imagePullPolicyFor(typeof container.image === 'string' ? container.image : ''));
  setIfEmpty(container, 'terminationMessagePath', '/dev/termination-log');
  setIfEmpty(container, 'terminationMessagePolicy', 'File');
}

// 0644: the mode every secret, configMap, downwardAPI and projected volume gets.
function setDefaultMode(source: JsonObject): void {
  if (source.defaultMode === undefined || source.defaultMode === null) source.defaultMode = 420;
}

// Constants that `+default=ref(...)` markers name.
const DEFAULT_REFERENCES: Record<string, JsonValue> = {
  AzureDataDiskCachingReadWrite: 'ReadWrite',
  AzureSharedBlobDisk: 'Shared',
};

// Marker texts repeat for every object: parse each once, hand out copies of structured values.
const markerValues = new Map<string, JsonValue | undefined>();

function markerValue(marker: string): JsonValue | undefined {
  if (!markerValues.has(marker)) markerValues.set(marker, parseMarker(marker));
  const value = markerValues.get(marker);
  return typeof value === 'object' && value !== null ? cloneJson(value) : value;
}

function parseMarker(marker: string): JsonValue | undefined {
  const reference = /^ref\((\w+)\)$/.exec(marker);
  if (reference) return DEFAULT_REFERENCES[reference[1]!];
  try {
    return JSON.parse(marker) as JsonValue;
  } catch {
    return undefined;
  }
}

/**
 * Walks `object` as Go struct `typeName`, applying type defaulters and +default markers, then
 * descending into nested structs, pointers, slices and maps. Gated fields are kept: the API
 * server drops them after defaulting, and only in pod templates (dropDisabledPodSpecFields).
 */
export function applyStructDefaults(layout: GoLayout, object: JsonObject, typeName: string, version: KubernetesVersion): void {
  TYPE_DEFAULTERS[typeName]?.(object);
  for (const field of planOf(layout, typeName)) {
    const { jsonName, type } = field;
    if (field.marker !== undefined) applyMarkerDefault(layout, object, jsonName, type, field.marker);
    if (field.inline) {
      const shape = field.shape ?? goTypeShape(layout, type);
      if (shape.kind === 'struct') applyStructDefaults(layout, object, shape.name, version);
      continue;
    }
    if (jsonName === '' || jsonName === '-' || object[jsonName] === undefined || object[jsonName] === null) {
      // A non-pointer struct exists even when the manifest leaves it out.
      const shape = field.shape ?? goTypeShape(layout, type);
      if (shape.kind === 'struct' && jsonName !== '' && jsonName !== '-' && needsDefaults(shape.name)) {
        const created: JsonObject = {};
        applyStructDefaults(layout, created, shape.name, version);
        if (Object.keys(created).length > 0) object[jsonName] = created;
      }
      continue;
    }
    applyValueDefaults(layout, object[jsonName]!, type, version);
  }
}

/** One field of a struct as the defaulting walk needs it, read from the layout once. */
interface FieldPlan {
  jsonName: string;
  type: string;
  marker: string | undefined;
  /** An embedded struct without a JSON name: its fields sit in the parent object. */
  inline: boolean;
  /** Undefined for types the layout cannot shape (never walked into, as before plans existed). */
  shape: GoTypeShape | undefined;
}

function shapeOrUndefined(layout: GoLayout, type: string): GoTypeShape | undefined {
  try {
    return goTypeShape(layout, type);
  } catch {
    return undefined;
  }
}

// Every pod template walks the same few dozen structs: read each struct's fields once per layout.
// A plan keeps only the fields where the walk can do something: a +default marker, an embedded struct,
// a type the layout cannot shape (the walk reports those), or a type that leads to a defaulter or a
// marker (ObjectMeta, resource lists and most strings lead nowhere). The fields keep their order.
const prunedPlans = new WeakMap<GoLayout, Map<string, FieldPlan[]>>();
const fullPlans = new WeakMap<GoLayout, Map<string, FieldPlan[]>>();
let pruning = true;

/** For tests: `false` walks every field of every struct (the walk without pruning), to compare both walks. */
export function prunePlansForTests(prune: boolean): void {
  pruning = prune;
}

function planOf(layout: GoLayout, typeName: string): FieldPlan[] {
  const plans = pruning ? prunedPlans : fullPlans;
  let byType = plans.get(layout);
  if (!byType) plans.set(layout, (byType = new Map()));
  let plan = byType.get(typeName);
  if (!plan) {
    plan = (layout.structs[typeName] ?? []).map(([, jsonName, flags, type, markers]) => ({
      jsonName,
      type,
      marker: markers?.default,
      inline: flags.includes('e') && jsonName === '',
      shape: shapeOrUndefined(layout, type),
    }));
    if (pruning) plan = plan.filter((field) => mayChange(layout, field));
    byType.set(typeName, plan);
  }
  return plan;
}

function mayChange(layout: GoLayout, field: FieldPlan): boolean {
  if (field.marker !== undefined || field.inline || !field.shape) return true;
  if (field.shape.kind === 'struct' && needsDefaults(field.shape.name)) return true;
  let leads = leadsByLayout.get(layout);
  if (!leads) leadsByLayout.set(layout, (leads = new Map()));
  return leadsToDefaults(layout, field.type, new Set(), leads);
}

// The answers of leadsToDefaults per layout. An answer found inside a cycle may be true where a
// finer analysis would say false: a field kept for nothing, never one dropped that matters.
const leadsByLayout = new WeakMap<GoLayout, Map<string, boolean>>();

// Whether walking a value of `type` can reach a defaulter or a marker (true when unsure: unknown types, cycles).
function leadsToDefaults(layout: GoLayout, type: string, visiting: Set<string>, known: Map<string, boolean>): boolean {
  let leads = known.get(type);
  if (leads === undefined) known.set(type, (leads = computeLeadsToDefaults(layout, type, visiting, known)));
  return leads;
}

function computeLeadsToDefaults(layout: GoLayout, type: string, visiting: Set<string>, known: Map<string, boolean>): boolean {
  if (type === 'resource.Quantity' || type === 'intstr.IntOrString' || type === 'meta.Time') return false;
  const shape = shapeOrUndefined(layout, type);
  if (!shape) return true;
  switch (shape.kind) {
    case 'pointer':
    case 'slice':
      return leadsToDefaults(layout, shape.elem, visiting, known);
    case 'map':
      return leadsToDefaults(layout, shape.value, visiting, known);
    case 'struct': {
      if (TYPE_DEFAULTERS[shape.name] || visiting.has(shape.name)) return true;
      visiting.add(shape.name);
      const fields = layout.structs[shape.name] ?? [];
      const leads = fields.some(([, jsonName, flags, fieldType, markers]) => {
        if (markers?.default !== undefined || (flags.includes('e') && jsonName === '')) return true;
        const fieldShape = shapeOrUndefined(layout, fieldType);
        if (!fieldShape || (fieldShape.kind === 'struct' && needsDefaults(fieldShape.name))) return true;
        return leadsToDefaults(layout, fieldType, visiting, known);
      });
      visiting.delete(shape.name);
      return leads;
    }
    default:
      return false;
  }
}

// Structs whose zero value gains fields from a defaulter (none of the templates' value structs do today).
function needsDefaults(typeName: string): boolean {
  return typeName === 'core.PodSpec';
}

function applyMarkerDefault(layout: GoLayout, object: JsonObject, jsonName: string, type: string, marker: string): void {
  const value = markerValue(marker);
  if (value === undefined) return;
  const isPointer = type.startsWith('*');
  const current = object[jsonName];
  if (isPointer) {
    if (current === undefined || current === null) object[jsonName] = value;
    return;
  }
  // A non-pointer field equal to its zero value gets the default; "" on a string is a no-op.
  const shape = goTypeShape(layout, type);
  const isZero = current === undefined || current === null || current === '' || current === 0 || current === false;
  if (isZero && !(shape.kind === 'string' && value === '')) object[jsonName] = value;
}

function applyValueDefaults(layout: GoLayout, value: JsonValue, type: string, version: KubernetesVersion): void {
  if (type === 'resource.Quantity' || type === 'intstr.IntOrString' || type === 'meta.Time') return;
  const shape = goTypeShape(layout, type);
  if (shape.kind === 'pointer') applyValueDefaults(layout, value, shape.elem, version);
  else if (shape.kind === 'slice' && Array.isArray(value)) value.forEach((item) => applyValueDefaults(layout, item, shape.elem, version));
  else if (shape.kind === 'map' && isJsonObject(value)) Object.values(value).forEach((item) => applyValueDefaults(layout, item, shape.value, version));
  else if (shape.kind === 'struct' && isJsonObject(value)) applyStructDefaults(layout, value, shape.name, version);
}

/**
 * Returns a copy of `template` as the API server of `clusterSpec` stores it: defaulted, with
 * gated-off fields dropped (kept when `oldTemplate`, the stored template on update, uses them)
 * and serviceAccount/serviceAccountName mirrored (the new field wins).
 */
export function defaultPodTemplate(template: PodTemplateSpec, clusterSpec: ClusterSpec, oldTemplate?: PodTemplateSpec): PodTemplateSpec {
  return defaultPodTemplateInPlace(cloneJson(template ?? {}), clusterSpec, oldTemplate);
}

/** defaultPodTemplate on a template the caller owns (a workload's own fresh copy): changed in place. */
export function defaultPodTemplateInPlace(template: PodTemplateSpec, clusterSpec: ClusterSpec, oldTemplate?: PodTemplateSpec): PodTemplateSpec {
  const version = clusterSpec.version;
  const copy = (template ?? {}) as JsonObject;
  const layout = goLayoutFor(version);
  if (!isJsonObject(copy.spec ?? null)) copy.spec = {};
  applyStructDefaults(layout, copy, 'core.PodTemplateSpec', version);
  const spec = copy.spec as JsonObject;
  // Decoding defaults first; PrepareForCreate/PrepareForUpdate then drop gated fields.
  const oldSpec = oldTemplate?.spec;
  dropDisabledPodSpecFields(spec, isJsonObject(oldSpec ?? null) ? (oldSpec as JsonObject) : undefined, clusterSpec);
  // Convert_v1_PodSpec_To_core_PodSpec and back: one service account name, in both fields.
  const serviceAccount =
    (typeof spec.serviceAccountName === 'string' && spec.serviceAccountName) || (typeof spec.serviceAccount === 'string' && spec.serviceAccount) || '';
  if (serviceAccount) {
    spec.serviceAccountName = serviceAccount;
    spec.serviceAccount = serviceAccount;
  } else {
    delete spec.serviceAccountName;
    delete spec.serviceAccount;
  }
  return copy as PodTemplateSpec;
}
