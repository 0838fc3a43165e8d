// Image references as the kubelet and the container runtime read them (distribution/reference
// ParseNormalizedNamed and splitDockerDomain; the kubelet's applyDefaultImageTag; ParseDockerRef).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseImageReference } from '../../src/defaulting/image-reference';

const DIGEST = 'sha256:7cc4b5aefd1d0cadf8d97d4350462ba51c694ebca145b08d7d41b41acc8db5aa';

const VALID: { image: string; domain: string; path: string; tag?: string; digest?: string; requested: string; pulled: string }[] = [
  { image: 'nginx', domain: 'docker.io', path: 'library/nginx', requested: 'nginx:latest', pulled: 'docker.io/library/nginx:latest' },
  { image: 'nginx:1.27', domain: 'docker.io', path: 'library/nginx', tag: '1.27', requested: 'nginx:1.27', pulled: 'docker.io/library/nginx:1.27' },
  { image: 'bitnami/redis:7.2', domain: 'docker.io', path: 'bitnami/redis', tag: '7.2', requested: 'bitnami/redis:7.2', pulled: 'docker.io/bitnami/redis:7.2' },
  { image: 'docker.io/nginx', domain: 'docker.io', path: 'library/nginx', requested: 'docker.io/nginx:latest', pulled: 'docker.io/library/nginx:latest' },
  {
    image: 'index.docker.io/nginx:1',
    domain: 'docker.io',
    path: 'library/nginx',
    tag: '1',
    requested: 'index.docker.io/nginx:1',
    pulled: 'docker.io/library/nginx:1',
  },
  {
    image: 'registry.k8s.io/pause:3.10',
    domain: 'registry.k8s.io',
    path: 'pause',
    tag: '3.10',
    requested: 'registry.k8s.io/pause:3.10',
    pulled: 'registry.k8s.io/pause:3.10',
  },
  { image: 'localhost/app', domain: 'localhost', path: 'app', requested: 'localhost/app:latest', pulled: 'localhost/app:latest' },
  {
    image: 'myregistry:5000/team/app:v2',
    domain: 'myregistry:5000',
    path: 'team/app',
    tag: 'v2',
    requested: 'myregistry:5000/team/app:v2',
    pulled: 'myregistry:5000/team/app:v2',
  },
  { image: 'Registry/app', domain: 'Registry', path: 'app', requested: 'Registry/app:latest', pulled: 'Registry/app:latest' },
  {
    image: `nginx@${DIGEST}`,
    domain: 'docker.io',
    path: 'library/nginx',
    digest: DIGEST,
    requested: `nginx@${DIGEST}`,
    pulled: `docker.io/library/nginx@${DIGEST}`,
  },
  {
    image: `nginx:1.27@${DIGEST}`,
    domain: 'docker.io',
    path: 'library/nginx',
    tag: '1.27',
    digest: DIGEST,
    requested: `nginx:1.27@${DIGEST}`,
    pulled: `docker.io/library/nginx@${DIGEST}`,
  },
];
for (const row of VALID) {
  test(`image ${row.image} -> ${row.pulled}`, () => {
    const { image, ...expected } = row;
    assert.deepEqual(parseImageReference(image), { valid: true, ...expected });
  });
}

const INVALID: { image: string; error: string }[] = [
  { image: 'Nginx:1.27', error: 'invalid reference format: repository name (library/Nginx) must be lowercase' },
  { image: 'nginx:1.27 ', error: 'invalid reference format' },
  { image: 'nginx::1', error: 'invalid reference format' },
  { image: '', error: 'invalid reference format' },
  { image: DIGEST.slice('sha256:'.length), error: `invalid repository name (${DIGEST.slice('sha256:'.length)}), cannot specify 64-byte hexadecimal strings` },
];
for (const { image, error } of INVALID) {
  test(`image ${JSON.stringify(image)} is refused: ${error}`, () => {
    assert.deepEqual(parseImageReference(image), { valid: false, error });
  });
}
