// Where the kustomize fixtures live (tests run from out/analysis/test/kustomize).
import { resolve } from 'node:path';

/** The fixtures folder in the source tree. */
export const FIXTURES = resolve(__dirname, '..', '..', '..', '..', 'analysis', 'test', 'kustomize', 'fixtures');
