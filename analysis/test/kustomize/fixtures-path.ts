// Where the kustomize fixtures live in the repository.
import { repoPath } from '../../../test/support/paths';

/** The fixtures folder in the source tree. */
export const FIXTURES = repoPath('analysis', 'test', 'kustomize', 'fixtures');
