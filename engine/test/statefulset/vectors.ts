// Reads the StatefulSet vectors committed in engine/test/fixtures/statefulset for table tests.
import { readJsonFixture } from '../../../test/support/paths';

/** Parsed JSON of one vector file. */
export function readVector<T>(file: string): T {
  return readJsonFixture<T>('engine', 'test', 'fixtures', 'statefulset', file);
}
