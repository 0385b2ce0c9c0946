/** A duration for people: "45 s", "12 min", "3.5 h", "2.1 days". */
export function formatSeconds(s: number): string {
  if (s < 60) return `${Math.round(s)} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86_400) return `${Math.round((s / 3600) * 10) / 10} h`;
  return `${Math.round((s / 86_400) * 10) / 10} days`;
}
