/** `1 index`, `2 indexes`: a count with the right form of its noun (never "1 warnings" or "warning(s)"). */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
