import type { JsonValue } from '../../engine/src/index';
/** One document's JSON, with the 1-based line where the document's content starts. */
export interface JsonObjectEntry {
    file: string;
    line: number;
    object: JsonValue;
}
export interface JsonErrorEntry {
    file: string;
    line: number;
    message: string;
}
/** Runs the json command; returns the process exit code. */
export declare function runJson(args: string[], out: (text: string) => void): number;
/** kubectl's StreamVisitor: documents in order, empty and `null` ones skipped, stopping at the first error. */
export declare function readFile(file: string, text: string, objects: JsonObjectEntry[], errors: JsonErrorEntry[]): void;
