// CronJob verdicts: ValidateCronJobCreate, validateCronJobSpec, validateScheduleFormat (robfig/cron v3
// ParseStandard's errors), validateTimeZone and ValidateJobTemplateSpec, kubernetes
// pkg/apis/batch/validation/validation.go, after SetDefaults_CronJob.
import { runRows } from './kind-verdict';

const jobTemplate = { spec: { template: { spec: { restartPolicy: 'OnFailure', containers: [{ name: 'app', image: 'busybox' }] } } } };
function cronJob(spec: Record<string, unknown>, name = 'nightly') {
  return { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name }, spec: { schedule: '0 3 * * *', jobTemplate, ...spec } } as never;
}
const schedule = (text: string, message?: string) => ({
  name: `schedule ${JSON.stringify(text)}`,
  object: cronJob({ schedule: text }),
  messages: message === undefined ? [] : [`spec.schedule: Invalid value: ${JSON.stringify(text)}: ${message}`],
});

runRows('validateScheduleFormat (cron.ParseStandard)', [
  schedule('*/5 * * * *'),
  schedule('0 9-17/2 * JAN-jun mon-FRI'),
  schedule('@hourly'),
  schedule('@every 1h30m'),
  schedule('? * * * ?'),
  schedule('61 * * * *', 'end of range (61) above maximum (59): 61'),
  schedule('0 24 * * *', 'end of range (24) above maximum (23): 24'),
  schedule('0 0 0 * *', 'beginning of range (0) below minimum (1): 0'),
  schedule('0 0 * * 7', 'end of range (7) above maximum (6): 7'),
  schedule('5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'),
  schedule('*/0 * * * *', 'step of range should be a positive number: */0'),
  schedule('1-2-3 * * * *', 'too many hyphens: 1-2-3'),
  schedule('1/2/3 * * * *', 'too many slashes: 1/2/3'),
  schedule('x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'),
  schedule('* * * *', 'expected exactly 5 fields, found 4: [* * * *]'),
  schedule('0 0 * * * *', 'expected exactly 5 fields, found 6: [0 0 * * * *]'),
  schedule('@fortnightly', 'unrecognized descriptor: @fortnightly'),
  schedule('@every 5', 'failed to parse duration @every 5: time: missing unit in duration "5"'),
  {
    name: 'TZ= in the schedule is refused (the zone itself parses)',
    object: cronJob({ schedule: 'TZ=Europe/Paris 0 3 * * *' }),
    messages: ['spec.schedule: Invalid value: "TZ=Europe/Paris 0 3 * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead'],
  },
  {
    name: 'CRON_TZ= with an unknown zone',
    object: cronJob({ schedule: 'CRON_TZ=Mars/Olympus 0 3 * * *' }),
    messages: [
      'spec.schedule: Invalid value: "CRON_TZ=Mars/Olympus 0 3 * * *": provided bad location Mars/Olympus: unknown time zone Mars/Olympus',
      'spec.schedule: Invalid value: "CRON_TZ=Mars/Olympus 0 3 * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
    ],
  },
  { name: 'an empty schedule', object: cronJob({ schedule: '' }), messages: ['spec.schedule: Required value'] },
]);

runRows('validateTimeZone', [
  { name: 'an IANA zone', object: cronJob({ timeZone: 'America/New_York' }), messages: [] },
  { name: 'a backward-compatible link', object: cronJob({ timeZone: 'US/Eastern' }), messages: [] },
  { name: 'Etc/UTC', object: cronJob({ timeZone: 'Etc/UTC' }), messages: [] },
  {
    name: 'an unknown zone',
    object: cronJob({ timeZone: 'Europe/Atlantis' }),
    messages: ['spec.timeZone: Invalid value: "Europe/Atlantis": unknown time zone Europe/Atlantis'],
  },
  {
    name: 'a part with a space',
    object: cronJob({ timeZone: 'America/New York' }),
    messages: ['spec.timeZone: Invalid value: "America/New York": unknown time zone America/New York'],
  },
  { name: 'empty', object: cronJob({ timeZone: '' }), messages: ['spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string'] },
  {
    name: 'Local',
    object: cronJob({ timeZone: 'Local' }),
    messages: ['spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones'],
  },
]);

runRows('validateCronJobSpec', [
  {
    name: 'an unknown concurrencyPolicy',
    object: cronJob({ concurrencyPolicy: 'Sometimes' }),
    messages: ['spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"'],
  },
  {
    name: 'negative history limits',
    object: cronJob({ successfulJobsHistoryLimit: -1, failedJobsHistoryLimit: -2 }),
    messages: [
      'spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0',
      'spec.failedJobsHistoryLimit: Invalid value: -2: must be greater than or equal to 0',
    ],
  },
  {
    name: 'negative startingDeadlineSeconds',
    object: cronJob({ startingDeadlineSeconds: -10 }),
    messages: ['spec.startingDeadlineSeconds: Invalid value: -10: must be greater than or equal to 0'],
  },
  {
    name: 'the job template pods may not restart Always (defaulted)',
    object: cronJob({ jobTemplate: { spec: { template: { spec: { containers: [{ name: 'app', image: 'busybox' }] } } } } }),
    messages: ['spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"'],
  },
  {
    name: 'a job template selector',
    object: cronJob({ jobTemplate: { spec: { ...jobTemplate.spec, selector: { matchLabels: { a: 'b' } } } } }),
    messages: ['spec.jobTemplate.spec.selector: Invalid value: {"matchLabels":{"a":"b"}}: `selector` will be auto-generated'],
  },
  {
    name: 'a 53-character name',
    object: cronJob({}, 'c'.repeat(53)),
    messages: [`metadata.name: Invalid value: "${'c'.repeat(53)}": must be no more than 52 characters`],
  },
  { name: 'a 52-character name', object: cronJob({}, 'c'.repeat(52)), messages: [] },
  {
    name: 'an update keeps a TZ the stored schedule had',
    old: cronJob({ schedule: 'TZ=UTC 0 3 * * *' }),
    object: cronJob({ schedule: 'TZ=UTC 0 4 * * *' }),
    messages: [],
  },
  { name: 'an update does not re-check the name length', old: cronJob({}, 'c'.repeat(53)), object: cronJob({}, 'c'.repeat(53)), messages: [] },
]);
