/** Repeated flags that may also hold comma-separated values: `--scope a,b --scope c`. */
export function splitList(values: readonly string[] | undefined): string[] {
  return (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}
