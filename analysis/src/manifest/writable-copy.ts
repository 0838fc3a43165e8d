// The one door from a cached parsed value to code that takes a writable object.
import { cloneJson, type ReadonlyJsonObject } from '@kubesim/engine';

/**
 * A writable deep copy of a parsed value, typed as the engine object `T` (Deployment, StatefulSet,
 * Service, ...). The engine's typed functions take writable objects and some change what they are
 * given (defaulting, the simulated cluster's store); a parsed value is shared by every later parse
 * and cache, so it is never handed to them itself. The cast names the shape of a fresh copy only.
 */
export function writableCopyAs<T>(value: ReadonlyJsonObject): T {
  return cloneJson(value) as unknown as T;
}
