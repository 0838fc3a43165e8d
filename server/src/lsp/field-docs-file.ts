// Reads the field documentation table the build writes beside the server bundle (dist/field-docs.json), once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fieldDocTableOf, type FieldDocTable } from '@kubesim/analysis';
import type { ServerLog } from './server-log';

/** The table beside the running bundle, or undefined (logged) when it is missing or unreadable: hovers then show types only. */
export function loadFieldDocs(log: Pick<ServerLog, 'warn' | 'info'>, directory: string = __dirname): FieldDocTable | undefined {
  const path = join(directory, 'field-docs.json');
  try {
    const table = fieldDocTableOf(JSON.parse(readFileSync(path, 'utf8')));
    if (!table) log.warn(`${path} is not a field documentation table; hovers show field types without descriptions`);
    else log.info(`field documentation of Kubernetes ${table.release} (${table.source})`);
    return table;
  } catch (error) {
    // A build without the table (a test bundle, a broken install) still serves everything else.
    log.warn(`no field documentation (${error instanceof Error ? error.message : String(error)}); hovers show field types without descriptions`);
    return undefined;
  }
}
