// What metrics-server would report for the pods an HPA scales, as a session sets it
// (`kubesim metric hpa/NAME cpu 80% [for 2m]`): one series per HPA and resource, each value holding from
// its instant until the next. kind runs no metrics-server, so an HPA without a series gets the error the
// resource metrics client returns there (metrics/client.go getResourceMetric: pods.metrics.k8s.io is not served).
import { parseQuantity, QuantityParseError, type Quantity } from '../quantity/quantity';

/** One metric value: a share of each pod's request (80%), or a usage per pod in milli-units (200m cpu). */
export type MetricValue = { utilization: number } | { averageMilli: number };

/** The error of an HPA's metric fetch when no series is set (kind has no metrics-server). */
export const NO_METRICS_API_ERROR =
  'unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)';

/** Metric series per `namespace/hpa` and resource, each sorted by time. */
export class HpaMetricSeries {
  private readonly series = new Map<string, { from: number; value: MetricValue }[]>();

  /** From `from` on, the pods of the HPA report `value` for `resource`. */
  set(namespace: string, hpaName: string, resource: string, from: number, value: MetricValue): void {
    const key = `${namespace}/${hpaName}/${resource}`;
    const points = (this.series.get(key) ?? []).filter((point) => point.from < from);
    points.push({ from, value });
    this.series.set(key, points);
  }

  /** The value reported at `now`, undefined when nothing reports it. */
  valueAt(namespace: string, hpaName: string, resource: string, now: number): MetricValue | undefined {
    const points = this.series.get(`${namespace}/${hpaName}/${resource}`);
    let value: MetricValue | undefined;
    for (const point of points ?? []) if (point.from <= now) value = point.value;
    return value;
  }
}

/** Quantity.MilliValue: the value in milli-units, rounded up. */
function milliValueOf(quantity: Quantity): number {
  if (quantity.d === null) {
    const exponent = quantity.i.scale + 3;
    if (exponent >= 0) return Number(quantity.i.value * 10n ** BigInt(exponent));
    const divisor = 10n ** BigInt(-exponent);
    const quotient = quantity.i.value / divisor;
    return Number(quantity.i.value % divisor > 0n ? quotient + 1n : quotient);
  }
  const { unscaled, scale } = quantity.d;
  const exponent = 3 - scale;
  if (exponent >= 0) return Number(unscaled * 10n ** BigInt(exponent));
  const divisor = 10n ** BigInt(-exponent);
  const quotient = unscaled / divisor;
  return Number(unscaled % divisor > 0n ? quotient + 1n : quotient);
}

/** A quantity's milli-value, undefined for text ParseQuantity refuses. */
export function milliValueOfText(text: string): number | undefined {
  try {
    return milliValueOf(parseQuantity(text));
  } catch (error) {
    if (error instanceof QuantityParseError) return undefined;
    throw error;
  }
}

/** resource.NewMilliQuantity(value, DecimalSI).String(): `400m`, `1`, `2500m`, `3k`. */
export function formatMilliQuantity(milli: number): string {
  if (milli % 1000 !== 0) return `${milli}m`;
  let value = milli / 1000;
  if (value === 0) return '0';
  const suffixes = ['', 'k', 'M', 'G', 'T', 'P', 'E'];
  let index = 0;
  while (index < suffixes.length - 1 && value % 1000 === 0) {
    value /= 1000;
    index++;
  }
  return `${value}${suffixes[index]}`;
}
