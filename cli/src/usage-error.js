"use strict";
// The error a command throws for bad usage: the CLI prints it with the help hint and exits 2.
Object.defineProperty(exports, "__esModule", { value: true });
exports.UsageError = void 0;
/** Bad command-line usage (unknown option, missing argument, unsupported value). */
class UsageError extends Error {
}
exports.UsageError = UsageError;
//# sourceMappingURL=usage-error.js.map