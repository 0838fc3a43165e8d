// CronJob rules on create and update: the schedule, the time zone, the concurrency policy, the job
// template and the history limits, and the 52-character name limit of create. Follows
// ValidateCronJobCreate, ValidateCronJobUpdate, validateCronJobSpec, validateScheduleFormat,
// validateTimeZone, validateConcurrencyPolicy and ValidateJobTemplateSpec, kubernetes
// pkg/apis/batch/validation/validation.go.
import type { JsonObject } from '../../../model/objects';
import { FieldPath, invalid, notSupported, required, stringValue, validateNonnegative, type FieldError } from '../field-error';
import { cronScheduleError, loadLocationError } from './cron-schedule';
import { validateJobSpecCommon } from './job-spec';
import { asNumber, asObject, asString } from './json-access';
import { labelSelectorValue, readLabelSelector } from './label-selector';
import type { ClusterSpec } from '../../../model/cluster-spec';

const specPath = FieldPath.root('spec');
// The controller names each Job `<cronjob>-<11-character timestamp suffix>`, a 63-character DNS label.
const MAX_CRONJOB_NAME_LENGTH = 52;
const CONCURRENCY_POLICIES = ['Allow', 'Forbid', 'Replace'];

/** ValidateCronJobCreate without the metadata: the spec, then the name's 52-character limit. */
export function validateCronJobCreate(object: JsonObject, cluster: ClusterSpec): FieldError[] {
  const errors = validateCronJobSpec(asObject(object.spec) ?? {}, undefined, cluster);
  const name = asString(asObject(object.metadata)?.name) ?? '';
  if (name.length > MAX_CRONJOB_NAME_LENGTH)
    errors.push(invalid(FieldPath.root('metadata').child('name'), stringValue(name), 'must be no more than 52 characters', 'cronjob-name-too-long'));
  return errors;
}

/** ValidateCronJobUpdate without the metadata: the spec against the stored one (no name limit: old names stay updatable). */
export function validateCronJobUpdate(object: JsonObject, oldObject: JsonObject, cluster: ClusterSpec): FieldError[] {
  return validateCronJobSpec(asObject(object.spec) ?? {}, asObject(oldObject.spec) ?? {}, cluster);
}

function validateCronJobSpec(spec: JsonObject, oldSpec: JsonObject | undefined, cluster: ClusterSpec): FieldError[] {
  const errors: FieldError[] = [];
  const schedule = asString(spec.schedule) ?? '';
  const timeZone = asString(spec.timeZone);
  if (schedule === '') errors.push(required(specPath.child('schedule'), '', 'schedule-required'));
  else {
    // An update may keep a TZ the stored schedule already had (from before timeZone existed).
    const allowTZ = oldSpec !== undefined && (asString(oldSpec.schedule) ?? '').includes('TZ');
    errors.push(...validateScheduleFormat(schedule, allowTZ, timeZone));
  }
  const startingDeadline = asNumber(spec.startingDeadlineSeconds);
  if (startingDeadline !== undefined) errors.push(...validateNonnegative(startingDeadline, specPath.child('startingDeadlineSeconds')));
  if (oldSpec === undefined || asString(oldSpec.timeZone) !== timeZone) errors.push(...validateTimeZone(timeZone));
  const policy = asString(spec.concurrencyPolicy) ?? '';
  if (policy === '') errors.push(required(specPath.child('concurrencyPolicy'), '', 'concurrency-policy-required'));
  else if (!CONCURRENCY_POLICIES.includes(policy))
    errors.push(notSupported(specPath.child('concurrencyPolicy'), stringValue(policy), CONCURRENCY_POLICIES, 'concurrency-policy-unsupported'));
  errors.push(...validateJobTemplateSpec(asObject(spec.jobTemplate) ?? {}, specPath.child('jobTemplate'), cluster));
  for (const key of ['successfulJobsHistoryLimit', 'failedJobsHistoryLimit']) {
    const limit = asNumber(spec[key]);
    if (limit !== undefined) errors.push(...validateNonnegative(limit, specPath.child(key)));
  }
  return errors;
}

// validateScheduleFormat: the parser's error, then TZ/CRON_TZ in the schedule (refused; on update
// kept from the stored schedule unless the timeZone field is also set).
function validateScheduleFormat(schedule: string, allowTZ: boolean, timeZone: string | undefined): FieldError[] {
  const path = specPath.child('schedule');
  const errors: FieldError[] = [];
  const parseError = cronScheduleError(schedule);
  if (parseError !== undefined) errors.push(invalid(path, stringValue(schedule), parseError, 'schedule-invalid'));
  if (allowTZ && schedule.includes('TZ') && timeZone !== undefined)
    errors.push(invalid(path, stringValue(schedule), 'cannot use both timeZone field and TZ or CRON_TZ in schedule', 'schedule-tz-and-time-zone'));
  else if (!allowTZ && schedule.includes('TZ'))
    errors.push(invalid(path, stringValue(schedule), 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead', 'schedule-tz'));
  return errors;
}

// IANA naming: each '/'-separated part 1-14 characters of letters, digits, '.', '-', '_', '+', not
// '.' or '..', not starting with '-'.
const TIME_ZONE_PART = /^[A-Za-z.\-_0-9+]{1,14}$/;

// validateTimeZone: a set timeZone is a non-empty, explicit name that time.LoadLocation finds.
function validateTimeZone(timeZone: string | undefined): FieldError[] {
  if (timeZone === undefined) return [];
  const path = specPath.child('timeZone');
  const value = stringValue(timeZone);
  if (timeZone === '') return [invalid(path, value, 'timeZone must be nil or non-empty string', 'time-zone-empty')];
  for (const part of timeZone.split('/')) {
    if (part === '.' || part === '..' || part.startsWith('-') || !TIME_ZONE_PART.test(part))
      return [invalid(path, value, `unknown time zone ${timeZone}`, 'time-zone-unknown')];
  }
  const errors: FieldError[] = [];
  if (timeZone.toLowerCase() === 'local')
    errors.push(invalid(path, value, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones', 'time-zone-local'));
  const loadError = loadLocationError(timeZone);
  if (loadError !== undefined) errors.push(invalid(path, value, loadError, 'time-zone-unknown'));
  return errors;
}

/** ValidateJobTemplateSpec: the shared Job rules, and no selector (it is generated per Job). */
function validateJobTemplateSpec(template: JsonObject, path: FieldPath, cluster: ClusterSpec): FieldError[] {
  const spec = asObject(template.spec) ?? {};
  const errors = validateJobSpecCommon(spec, path.child('spec'), cluster);
  if (asObject(spec.selector))
    errors.push(
      invalid(
        path.child('spec', 'selector'),
        labelSelectorValue(readLabelSelector(spec.selector)),
        '`selector` will be auto-generated',
        'job-template-selector',
      ),
    );
  if (spec.manualSelector === true)
    errors.push(notSupported(path.child('spec', 'manualSelector'), { kind: 'bool', value: true }, ['nil', 'false'], 'job-template-manual-selector'));
  return errors;
}
