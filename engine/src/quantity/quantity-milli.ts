// A resource quantity as a plain number of thousandths (resource.Quantity MilliValue), for sums and comparisons.
import { parseQuantity, QuantityParseError } from './quantity';

/** The quantity's value times 1000 (`500m` → 500, `1Gi` → 1073741824000), undefined when ParseQuantity rejects it. */
export function quantityMilliValue(text: string | number): number | undefined {
  try {
    const quantity = parseQuantity(String(text));
    if (quantity.d) return (Number(quantity.d.unscaled) * 1000) / 10 ** quantity.d.scale;
    return Number(quantity.i.value) * 10 ** (quantity.i.scale + 3);
  } catch (error) {
    if (error instanceof QuantityParseError) return undefined;
    throw error;
  }
}
