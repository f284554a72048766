/** A count with its noun: `1 package`, `7 packages`; `many` where the plural is not the noun and an s. */
export const plural = (n: number, word: string, many = `${word}s`): string => `${n} ${n === 1 ? word : many}`;
