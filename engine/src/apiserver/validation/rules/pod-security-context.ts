// Security-context rules of a pod template, pod level and container level. Follows
// validatePodSpecSecurityContext, ValidateSecurityContext, validateSeccompProfileField,
// ValidateAppArmorProfileField, validateSysctls and validateHostUsers, kubernetes
// pkg/apis/core/validation/validation.go (v1.33 line).
//
// Not reported: `privileged: true` ("disallowed by cluster policy" depends on the server's
// --allow-privileged flag, which real clusters set), and `runAsNonRoot: true` with `runAsUser: 0`
// (the kubelet refuses to start the container; the API server accepts it).
import type { JsonObject, JsonValue } from '../../../model/objects';
import type { KubernetesVersion } from '../../../model/kubernetes-version';
import { duplicate, forbidden, invalid, notSupported, numberValue, required, stringValue, tooLong, type FieldError, type FieldPath } from '../field-error';
import { inclusiveRangeError, isDns1123Subdomain } from '../string-checks';
import { goStructValue } from './go-struct-value';
import { asArray, asNumber, asObject, asString, objectItems } from './json-access';
import { utf8Bytes } from '../../../hash/utf8';

const MAX_ID = 2147483647;
const ID_RANGE_ERROR = inclusiveRangeError(0, MAX_ID);

// IsValidUserID / IsValidGroupID: 0 to math.MaxInt32.
function validateId(value: JsonValue | undefined, path: FieldPath, rule: string): FieldError[] {
  const id = asNumber(value);
  return id !== undefined && (id < 0 || id > MAX_ID) ? [invalid(path, numberValue(id), ID_RANGE_ERROR, rule)] : [];
}

/** validatePodSpecSecurityContext. `specPath` is `spec.template.spec`. */
export function validatePodSecurityContext(spec: JsonObject, specPath: FieldPath, version: KubernetesVersion): FieldError[] {
  // v1 keeps hostPID/hostNetwork/hostIPC/shareProcessNamespace in the PodSpec; the internal type
  // moves them into the security context, which conversion always creates.
  const securityContext = asObject(spec.securityContext) ?? {};
  const path = specPath.child('securityContext');
  const errors = validateId(securityContext.fsGroup, path.child('fsGroup'), 'fs-group-invalid');
  errors.push(...validateId(securityContext.runAsUser, path.child('runAsUser'), 'run-as-user-invalid'));
  errors.push(...validateId(securityContext.runAsGroup, path.child('runAsGroup'), 'run-as-group-invalid'));
  (asArray(securityContext.supplementalGroups) ?? []).forEach((group, i) => {
    errors.push(...validateId(group, path.child('supplementalGroups').index(i), 'supplemental-group-invalid'));
  });
  if (spec.shareProcessNamespace === true && spec.hostPID === true) {
    const sharePath = path.child('shareProcessNamespace').locatedAt(...specPath.segments, 'shareProcessNamespace');
    errors.push(
      invalid(sharePath, { kind: 'bool', value: true }, 'ShareProcessNamespace and HostPID cannot both be enabled', 'share-process-namespace-host-pid'),
    );
  }
  errors.push(...validateSysctls(objectItems(securityContext.sysctls), spec, path.child('sysctls')));
  const changePolicy = asString(securityContext.fsGroupChangePolicy);
  if (changePolicy !== undefined && changePolicy !== 'OnRootMismatch' && changePolicy !== 'Always') {
    errors.push(notSupported(path.child('fsGroupChangePolicy'), stringValue(changePolicy), ['Always', 'OnRootMismatch'], 'fs-group-change-policy-unsupported'));
  }
  errors.push(...validateSeccompProfile(asObject(securityContext.seccompProfile), path.child('seccompProfile'), version));
  errors.push(...validateWindowsOptions(asObject(securityContext.windowsOptions), path.child('windowsOptions')));
  errors.push(...validateAppArmorProfile(asObject(securityContext.appArmorProfile), path.child('appArmorProfile')));
  // validateSupplementalGroupsPolicy was not read: the value list is the two API constants, sorted.
  const groupsPolicy = asString(securityContext.supplementalGroupsPolicy);
  if (groupsPolicy !== undefined && groupsPolicy !== 'Merge' && groupsPolicy !== 'Strict') {
    errors.push(notSupported(path.child('supplementalGroupsPolicy'), stringValue(groupsPolicy), ['Merge', 'Strict'], 'supplemental-groups-policy-unsupported'));
  }
  const seLinuxChangePolicy = asString(securityContext.seLinuxChangePolicy);
  if (seLinuxChangePolicy !== undefined && seLinuxChangePolicy !== 'MountOption' && seLinuxChangePolicy !== 'Recursive') {
    errors.push(
      notSupported(path.child('seLinuxChangePolicy'), stringValue(seLinuxChangePolicy), ['MountOption', 'Recursive'], 'selinux-change-policy-unsupported'),
    );
  }
  return errors;
}

const SYSCTL_SEGMENT = '[a-z0-9]([-_a-z0-9]*[a-z0-9])?';
const SYSCTL_PATTERN = `^(${SYSCTL_SEGMENT}[\\./])*${SYSCTL_SEGMENT}$`;
const sysctlPattern = new RegExp(SYSCTL_PATTERN);

// The namespace a sysctl lives in, as utilsysctl.GetNamespace tells it (slashes read as dots).
function sysctlNamespace(name: string): 'net' | 'ipc' | undefined {
  const dotted = name.replace(/\//g, '.');
  if (dotted.startsWith('net.')) return 'net';
  if (dotted === 'kernel.sem' || dotted.startsWith('kernel.shm') || dotted.startsWith('kernel.msg') || dotted.startsWith('fs.mqueue.')) return 'ipc';
  return undefined;
}

// Follows validateSysctls and ValidateHostSysctl (namespaced sysctls are refused beside host
// namespaces unless the stored object already had them).
function validateSysctls(sysctls: JsonObject[], spec: JsonObject, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set<string>();
  sysctls.forEach((sysctl, i) => {
    const namePath = path.index(i).child('name');
    const name = asString(sysctl.name) ?? '';
    if (name === '') errors.push(required(namePath, '', 'sysctl-name-required'));
    else if (name.length > 253 || !sysctlPattern.test(name))
      errors.push(invalid(namePath, stringValue(name), `must have at most 253 characters and match regex ${SYSCTL_PATTERN}`, 'sysctl-name-invalid'));
    else if (names.has(name)) errors.push(duplicate(namePath, stringValue(name), 'sysctl-name-duplicate'));
    const namespace = sysctlNamespace(name);
    if (spec.hostNetwork === true && namespace === 'net')
      errors.push(invalid(namePath, stringValue(name), "may not be specified when 'hostNetwork' is true", 'sysctl-host-network'));
    else if (spec.hostIPC === true && namespace === 'ipc')
      errors.push(invalid(namePath, stringValue(name), "may not be specified when 'hostIPC' is true", 'sysctl-host-ipc'));
    names.add(name);
  });
  return errors;
}

/** ValidateSecurityContext for one container; `hostUsers` is false only with `hostUsers: false`. */
export function validateContainerSecurityContext(securityContext: JsonObject, path: FieldPath, hostUsers: boolean, version: KubernetesVersion): FieldError[] {
  const errors = validateId(securityContext.runAsUser, path.child('runAsUser'), 'run-as-user-invalid');
  errors.push(...validateId(securityContext.runAsGroup, path.child('runAsGroup'), 'run-as-group-invalid'));
  const procMount = asString(securityContext.procMount);
  if (procMount !== undefined) {
    if (procMount !== 'Default' && procMount !== 'Unmasked')
      errors.push(notSupported(path.child('procMount'), stringValue(procMount), ['Default', 'Unmasked'], 'proc-mount-unsupported'));
    if (hostUsers && procMount === 'Unmasked')
      errors.push(invalid(path.child('procMount'), stringValue(procMount), '`hostUsers` must be false to use `Unmasked`', 'proc-mount-host-users'));
  }
  errors.push(...validateSeccompProfile(asObject(securityContext.seccompProfile), path.child('seccompProfile'), version));
  if (securityContext.allowPrivilegeEscalation === false) {
    if (securityContext.privileged === true) {
      errors.push(
        invalid(
          path,
          goStructValue(version, 'core.SecurityContext', securityContext),
          'cannot set `allowPrivilegeEscalation` to false and `privileged` to true',
          'privilege-escalation-with-privileged',
        ),
      );
    }
    for (const capability of asArray(asObject(securityContext.capabilities)?.add) ?? []) {
      if (capability !== 'CAP_SYS_ADMIN') continue;
      errors.push(
        invalid(
          path,
          goStructValue(version, 'core.SecurityContext', securityContext),
          'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN',
          'privilege-escalation-with-sys-admin',
        ),
      );
    }
  }
  errors.push(...validateWindowsOptions(asObject(securityContext.windowsOptions), path.child('windowsOptions')));
  errors.push(...validateAppArmorProfile(asObject(securityContext.appArmorProfile), path.child('appArmorProfile')));
  return errors;
}

const SECCOMP_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];

// validateSeccompProfileField: the type is required; localhostProfile only (and always) with Localhost.
function validateSeccompProfile(profile: JsonObject | undefined, path: FieldPath, version: KubernetesVersion): FieldError[] {
  if (!profile) return [];
  const errors: FieldError[] = [];
  const type = asString(profile.type) ?? '';
  if (type === '') errors.push(required(path.child('type'), 'type is required when seccompProfile is set', 'seccomp-type-required'));
  else if (!SECCOMP_TYPES.includes(type)) errors.push(notSupported(path.child('type'), stringValue(type), SECCOMP_TYPES, 'seccomp-type-unsupported'));
  const localhostProfile = asString(profile.localhostProfile);
  if (type === 'Localhost') {
    if (localhostProfile === undefined)
      errors.push(required(path.child('localhostProfile'), 'must be set when seccomp type is Localhost', 'seccomp-localhost-profile-required'));
    else errors.push(...validateLocalDescendingPath(localhostProfile, path.child('localhostProfile')));
  } else if (localhostProfile !== undefined) {
    errors.push(
      invalid(
        path.child('localhostProfile'),
        goStructValue(version, 'core.SeccompProfile', profile),
        'can only be set when seccomp type is Localhost',
        'seccomp-localhost-profile-forbidden',
      ),
    );
  }
  return errors;
}

// validateLocalDescendingPath: relative, and no `..` element.
function validateLocalDescendingPath(target: string, path: FieldPath): FieldError[] {
  const errors: FieldError[] = [];
  if (target.startsWith('/')) errors.push(invalid(path, stringValue(target), 'must be a relative path', 'seccomp-localhost-profile-absolute'));
  if (target.split('/').includes('..')) errors.push(invalid(path, stringValue(target), "must not contain '..'", 'seccomp-localhost-profile-backsteps'));
  return errors;
}

const APPARMOR_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined'];

// ValidateAppArmorProfileField (the fields are GA since 1.31, so every supported release has them).
function validateAppArmorProfile(profile: JsonObject | undefined, path: FieldPath): FieldError[] {
  if (!profile) return [];
  const type = asString(profile.type) ?? '';
  const localhostProfile = asString(profile.localhostProfile);
  const profilePath = path.child('localhostProfile');
  switch (type) {
    case 'Localhost': {
      if (localhostProfile === undefined) return [required(profilePath, 'must be set when AppArmor type is Localhost', 'apparmor-localhost-profile-required')];
      const errors: FieldError[] = [];
      const trimmed = localhostProfile.trim();
      if (trimmed !== localhostProfile)
        errors.push(invalid(profilePath, stringValue(localhostProfile), 'must not be padded with whitespace', 'apparmor-localhost-profile-padded'));
      else if (trimmed === '') errors.push(required(profilePath, 'must be set when AppArmor type is Localhost', 'apparmor-localhost-profile-required'));
      if (utf8Bytes(localhostProfile).length > 4095) errors.push(tooLong(profilePath, 4095, 'apparmor-localhost-profile-too-long'));
      return errors;
    }
    case 'RuntimeDefault':
    case 'Unconfined':
      return localhostProfile === undefined
        ? []
        : [invalid(profilePath, stringValue(localhostProfile), 'can only be set when AppArmor type is Localhost', 'apparmor-localhost-profile-forbidden')];
    case '':
      return [required(path.child('type'), 'type is required when appArmorProfile is set', 'apparmor-type-required')];
    default:
      return [notSupported(path.child('type'), stringValue(type), APPARMOR_TYPES, 'apparmor-type-unsupported')];
  }
}

// The cheap part of validateWindowsSecurityContextOptions: the credential spec name and the
// empty or malformed strings (the domain and user-name syntax checks are left out).
function validateWindowsOptions(options: JsonObject | undefined, path: FieldPath): FieldError[] {
  if (!options) return [];
  const errors: FieldError[] = [];
  const specName = asString(options.gmsaCredentialSpecName);
  if (specName !== undefined) {
    errors.push(
      ...isDns1123Subdomain(specName).map((message) =>
        invalid(path.child('gmsaCredentialSpecName'), stringValue(specName), message, 'gmsa-credential-spec-name-invalid'),
      ),
    );
  }
  if (options.gmsaCredentialSpec === '')
    errors.push(invalid(path.child('gmsaCredentialSpec'), stringValue(''), 'gmsaCredentialSpec cannot be an empty string', 'gmsa-credential-spec-empty'));
  const userName = asString(options.runAsUserName);
  if (userName === '') errors.push(invalid(path.child('runAsUserName'), stringValue(''), 'runAsUserName cannot be an empty string', 'run-as-user-name-empty'));
  else if (userName !== undefined && userName.split('\\').length > 2) {
    errors.push(
      invalid(path.child('runAsUserName'), stringValue(userName), 'runAsUserName cannot contain more than one backslash', 'run-as-user-name-backslashes'),
    );
  }
  return errors;
}

/** validateHostUsers: with `hostUsers: false`, no host network, PID or IPC namespace. */
export function validateHostUsers(spec: JsonObject, specPath: FieldPath): FieldError[] {
  if (spec.hostUsers !== false) return [];
  const errors: FieldError[] = [];
  // Upstream capitalises the last two paths (`spec.HostPID`); the spans sit on the v1 fields.
  const fields: [string, string][] = [
    ['hostNetwork', 'hostNetwork'],
    ['hostPID', 'HostPID'],
    ['hostIPC', 'HostIPC'],
  ];
  for (const [field, printed] of fields) {
    if (spec[field] !== true) continue;
    errors.push(forbidden(specPath.child(printed).locatedAt(...specPath.segments, field), 'when `pod.Spec.HostUsers` is false', 'host-users-host-namespace'));
  }
  return errors;
}

/** True unless the pod spec says `hostUsers: false` (the default is true). */
export function podUsesHostUsers(spec: JsonObject): boolean {
  return spec.hostUsers !== false;
}
