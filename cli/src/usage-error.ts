// The error a command throws for bad usage: the CLI prints it with the help hint and exits 2.

/** Bad command-line usage (unknown option, missing argument, unsupported value). */
export class UsageError extends Error {}
