/** Files named directly are kept whatever their extension; directories are walked for YAML/JSON. */
export declare function collectFiles(paths: readonly string[]): string[];
