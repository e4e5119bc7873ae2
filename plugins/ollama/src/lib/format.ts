/** `1536` -> `1.5 KB`; decimal units, as the daemon's own CLI prints sizes. */
export function humanBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '?'
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`
}

/** A past ISO time as `3 days ago` relative to `now`. */
export function timeAgo(iso: string, now = Date.now()): string {
  const t = Date.parse(iso)
  if (Number.isNaN(t)) return iso
  const s = Math.max(0, Math.round((now - t) / 1000))
  const steps: [number, string][] = [
    [60, 'second'],
    [60, 'minute'],
    [24, 'hour'],
    [7, 'day'],
    [4.345, 'week'],
    [12, 'month'],
  ]
  let value = s
  for (const [size, name] of steps) {
    if (value < size) return `${Math.floor(value)} ${name}${Math.floor(value) === 1 ? '' : 's'} ago`
    value /= size
  }
  const years = Math.floor(value)
  return `${years} year${years === 1 ? '' : 's'} ago`
}
