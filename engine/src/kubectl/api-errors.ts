// How kubectl prints the errors of a command: checkErr, StandardErrorMessage, MultilineError and
// MultipleErrors in kubectl pkg/cmd/util/helpers.go, with AddSourceToErr's `error when creating
// "<file>": ` put before the server's message.
import type { ApiRejection, KubectlError } from '../apiserver/admission';

/** The request AddSourceToErr names for a create from a file: `error when creating "web.yaml"`. */
export function creatingFrom(fileName: string | undefined): string | undefined {
  return fileName === undefined ? undefined : `error when creating "${fileName}"`;
}

/**
 * checkErr of the command's errors. A single Invalid status prints from its details:
 * `The Deployment "web" is invalid: <field>: <message>`, several causes one per `* ` line (the
 * first line keeps the space after the colon). Anything else prints as StandardErrorMessage does,
 * one line per error: `Error from server (Invalid): error when creating "web.yaml": ...`.
 */
export function formatKubectlErrors(errors: readonly KubectlError[]): string {
  if (errors.length === 1) {
    const only = errors[0];
    if ('rejection' in only && only.rejection.reason === 'Invalid' && only.rejection.causes.length > 0) return invalidDetails(only.rejection);
  }
  return errors.map(standardErrorMessage).join('\n');
}

/** `The Deployment "web" is invalid: ...` (MultilineError of the status causes). */
function invalidDetails(rejection: ApiRejection): string {
  const prefix = `The ${rejection.kind} "${rejection.name}" is invalid: `;
  const causes = rejection.causes.map((cause) => `${cause.field}: ${cause.message}`);
  if (causes.length === 1) return `${prefix}${causes[0]}`;
  return [prefix, ...causes.map((cause) => `* ${cause}`)].join('\n');
}

function standardErrorMessage(error: KubectlError): string {
  if ('text' in error) return error.text;
  const message = error.request === undefined ? error.rejection.message : `${error.request}: ${error.rejection.message}`;
  return `Error from server (${error.rejection.reason}): ${message}`;
}
