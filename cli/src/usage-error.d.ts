/** Bad command-line usage (unknown option, missing argument, unsupported value). */
export declare class UsageError extends Error {
}
