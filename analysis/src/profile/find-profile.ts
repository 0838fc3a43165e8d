// Finds the `.kubesim.yaml` that governs a file: the nearest one in its folder or a folder above.
import { statSync } from 'node:fs';
import { readManifestFileSync } from '../read-manifest-file';
import { dirname, join, resolve } from 'node:path';
import { parseProfileText, PROFILE_FILE_NAME, type ProfileReading } from './cluster-profile';
import { resolveHelmDeclaration } from './helm-declaration';

/** A profile file found for a checked file, with its path. */
export interface FoundProfile extends ProfileReading {
  path: string;
}

/**
 * Reads profiles from disk, once per file version (keyed by path and modification time), so a
 * team's edit to `.kubesim.yaml` is seen at the next check.
 */
export class ProfileFinder {
  private readonly readings = new Map<string, { mtimeMs: number; reading: FoundProfile }>();

  /** The nearest `.kubesim.yaml` at or above `directory`, or undefined when there is none. */
  findFrom(directory: string): FoundProfile | undefined {
    let current = directory;
    for (;;) {
      const found = this.readAt(join(current, PROFILE_FILE_NAME));
      if (found) return found;
      const parent = dirname(current);
      if (parent === current) return undefined;
      current = parent;
    }
  }

  /** The profile for a file at `filePath`. */
  forFile(filePath: string): FoundProfile | undefined {
    return this.findFrom(dirname(filePath));
  }

  private readAt(path: string): FoundProfile | undefined {
    let mtimeMs: number;
    try {
      // No profile here is the usual case: asked without an exception (building one per folder per file was 5% of a `kubesim check`).
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat === undefined || !stat.isFile()) return undefined;
      mtimeMs = stat.mtimeMs;
    } catch {
      // Not readable as a file (a permission problem on the way): look in the folder above.
      return undefined;
    }
    const cached = this.readings.get(path);
    if (cached && cached.mtimeMs === mtimeMs) return cached.reading;
    let reading: FoundProfile;
    try {
      reading = { path, ...parseProfileText(readManifestFileSync(path), path) };
      // Chart folders and values files are written relative to the profile's folder.
      if (reading.profile.helmCharts) reading.profile.helmCharts = resolveHelmDeclaration(reading.profile.helmCharts, dirname(path));
      // `crds:` paths are relative to the profile's folder.
      if (reading.profile.crds) reading.profile.crds = reading.profile.crds.map((crd) => resolve(dirname(path), crd));
    } catch (error) {
      // An unreadable profile is reported, and the checks go on as if none were declared.
      reading = { path, profile: {}, problems: [`${path}: ${(error as Error).message}`] };
    }
    this.readings.set(path, { mtimeMs, reading });
    return reading;
  }
}
