// The imagePullPolicy default of SetDefaults_Container: parsers.ParseImageName (pkg/util/parsers)
// over the docker reference grammar; "latest" or no tag and no digest means Always.

// The distribution reference grammar (github.com/distribution/reference regexp.go), restated.
const ALPHANUMERIC = '[a-z0-9]+';
const SEPARATOR = '(?:[._]|__|[-]+)';
const PATH_COMPONENT = `${ALPHANUMERIC}(?:${SEPARATOR}${ALPHANUMERIC})*`;
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?`;
const TAG = '[\\w][\\w.-]{0,127}';
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9A-Fa-f]{32,}';
const REFERENCE = new RegExp(`^((?:${DOMAIN}/)?${PATH_COMPONENT}(?:/${PATH_COMPONENT})*)(?::(${TAG}))?(?:@(${DIGEST}))?$`);

/** `Always` when the image has tag `latest` or neither tag nor digest, else `IfNotPresent`. */
export function imagePullPolicyFor(image: string): 'Always' | 'IfNotPresent' {
  const match = REFERENCE.exec(image);
  // An unparsable image gives an empty tag (the error is ignored), hence IfNotPresent.
  if (!match) return 'IfNotPresent';
  const [, name, tag, digest] = match;
  if (name!.length > 255) return 'IfNotPresent';
  if (tag === 'latest') return 'Always';
  return tag === undefined && digest === undefined ? 'Always' : 'IfNotPresent';
}
