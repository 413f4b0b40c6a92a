import { env } from "./env"

/** Injectable clock: tests call setClock; multi-process tests set EGC_TEST_NOW. */
let override: (() => number) | undefined

export function now(): number {
  if (override) return override()
  return env.testNow() ?? Date.now()
}

export function setClock(fn: (() => number) | undefined): void {
  override = fn
}

export const HOUR = 3_600_000
export const DAY = 24 * HOUR
export const WEEK = 7 * DAY
