// The imagePullPolicy default of SetDefaults_Container: parsers.ParseImageName (pkg/util/parsers)
// over the docker reference grammar; "latest" or no tag and no digest means Always. Also the image
// reference as the kubelet and the container runtime read it (distribution/reference normalize.go).

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

/** An image reference as the container runtime reads it, or why it cannot be read. */
export type ImageReference =
  | {
      valid: true;
      /** The registry host (`docker.io` when the name has none). */
      domain: string;
      /** The repository path on that registry (`library/nginx` for Docker Hub's official images). */
      path: string;
      tag?: string;
      digest?: string;
      /** What the kubelet hands the runtime: the image as written, `:latest` added when it has neither tag nor digest. */
      requested: string;
      /** The fully qualified name the runtime pulls; by digest alone when there is one (ParseDockerRef). */
      pulled: string;
    }
  | { valid: false; error: string };

const IDENTIFIER = /^[a-f0-9]{64}$/;

/**
 * Restates ParseNormalizedNamed and splitDockerDomain: a first path element is a registry when it is
 * `localhost`, holds a `.` or `:`, or has capitals; otherwise the registry is docker.io, and a one-element
 * name there lives under `library/`. `index.docker.io` is docker.io. The kubelet's applyDefaultImageTag
 * adds `:latest` to a name with neither tag nor digest; a runtime given both pulls by digest.
 */
export function parseImageReference(image: string): ImageReference {
  if (IDENTIFIER.test(image)) return { valid: false, error: `invalid repository name (${image}), cannot specify 64-byte hexadecimal strings` };
  const [domain, remainder] = splitDockerDomain(image);
  const tagSeparator = remainder.indexOf(':');
  const remote = tagSeparator < 0 ? remainder : remainder.slice(0, tagSeparator);
  if (remote.toLowerCase() !== remote) return { valid: false, error: `invalid reference format: repository name (${remote}) must be lowercase` };
  const match = REFERENCE.exec(`${domain}/${remainder}`);
  if (!match) return { valid: false, error: 'invalid reference format' };
  const [, name, tag, digest] = match;
  if (name!.length > 255) return { valid: false, error: 'repository name must not be more than 255 characters' };
  const path = name!.slice(domain.length + 1);
  const requested = tag === undefined && digest === undefined ? `${image}:latest` : image;
  const pulled = digest !== undefined ? `${name}@${digest}` : `${name}:${tag ?? 'latest'}`;
  return { valid: true, domain, path, requested, pulled, ...(tag === undefined ? {} : { tag }), ...(digest === undefined ? {} : { digest }) };
}

function splitDockerDomain(name: string): [string, string] {
  const slash = name.indexOf('/');
  if (slash < 0) return ['docker.io', `library/${name}`];
  const first = name.slice(0, slash);
  const rest = name.slice(slash + 1);
  let domain = 'docker.io';
  let remote = name;
  if (first === 'localhost' || /[.:]/.test(first) || first.toLowerCase() !== first) [domain, remote] = [first, rest];
  if (first === 'index.docker.io') [domain, remote] = ['docker.io', rest];
  if (domain === 'docker.io' && !remote.includes('/')) remote = `library/${remote}`;
  return [domain, remote];
}
