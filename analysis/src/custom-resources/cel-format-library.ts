// The Kubernetes format library of CEL (k8s.io/apiserver pkg/cel/library/format.go) restated on @bufbuild/cel:
// `format.named(name)` (an optional format), `format.<name>()` and `<format>.validate(s)`, which is optional.none()
// for a valid string and otherwise optional.of(the list of its errors). The DNS, qualified-name and label-value
// formats give the apimachinery validators' messages (the engine's string checks, `Prefix` ones after
// maskTrailingDash); uri gives url.ParseRequestURI's error; uuid, byte, date and datetime ask kube-openapi's strfmt
// (the engine's format checks) and say "does not match the UUID format", "invalid base64", "invalid date" or
// "invalid datetime".
import { celFunc, celMethod, CelScalar, type CelFunc } from '@bufbuild/cel';
import {
  formatCheckOf,
  isQualifiedName,
  isValidLabelValue,
  nameIsDns1035Label,
  nameIsDnsLabel,
  nameIsDnsSubdomain,
  parseGoUrl,
  type KubernetesVersion,
} from '@kubesim/engine';
import { notEvaluated, opaqueValue, requireOpaque } from './cel-opaque';
import { optionalOf } from './cel-optional';

const { DYN, STRING } = CelScalar;
// The strfmt checks these formats use are the same in every supported release.
const ANY_RELEASE: KubernetesVersion = '1.36';

function strfmt(format: string, message: string): (value: string) => string[] {
  return (value) => (formatCheckOf(format, ANY_RELEASE)!(value) ? [] : [message]);
}

const FORMATS: Readonly<Record<string, (value: string) => string[]>> = {
  dns1123Label: (value) => nameIsDnsLabel(value, false),
  dns1123Subdomain: (value) => nameIsDnsSubdomain(value, false),
  dns1035Label: (value) => nameIsDns1035Label(value, false),
  qualifiedName: isQualifiedName,
  dns1123LabelPrefix: (value) => nameIsDnsLabel(value, true),
  dns1123SubdomainPrefix: (value) => nameIsDnsSubdomain(value, true),
  dns1035LabelPrefix: (value) => nameIsDns1035Label(value, true),
  labelValue: isValidLabelValue,
  uri: (value) => {
    const parsed = parseGoUrl(value, true);
    if ('unknown' in parsed) return notEvaluated(`the URL ${JSON.stringify(value)} (${parsed.unknown})`);
    return 'error' in parsed ? [`parse ${JSON.stringify(value)}: ${parsed.error}`] : [];
  },
  uuid: strfmt('uuid', 'does not match the UUID format'),
  byte: strfmt('byte', 'invalid base64'),
  date: strfmt('date', 'invalid date'),
  datetime: strfmt('datetime', 'invalid datetime'),
};

/** The functions of the format library. */
export const FORMAT_FUNCS: readonly CelFunc[] = [
  celFunc('format.named', [STRING], DYN, (name) => optionalOf(Object.hasOwn(FORMATS, name) ? opaqueValue('Format', name) : undefined)),
  ...Object.keys(FORMATS).map((name) => celFunc(`format.${name}`, [], DYN, () => opaqueValue('Format', name))),
  celMethod('validate', DYN, [STRING], DYN, function (value) {
    const errors = FORMATS[requireOpaque(this, 'Format')]!(value);
    return optionalOf(errors.length === 0 ? undefined : errors);
  }),
];
