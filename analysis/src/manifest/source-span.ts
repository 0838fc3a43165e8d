// Source spans: [start, end) offsets into the file, and the problem type that carries one.

/** A half-open range of offsets into the file's text. */
export interface SourceSpan {
  start: number;
  end: number;
}

/** A YAML-level problem found while parsing (not a Kubernetes rule). */
export interface SyntaxProblem extends SourceSpan {
  code: string;
  message: string;
  severity: 'error' | 'warning' | 'information';
}
