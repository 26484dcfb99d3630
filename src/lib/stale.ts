/** Named stale times for queries; components never inline numbers. */
export const STALE = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, forever: Infinity } as const
