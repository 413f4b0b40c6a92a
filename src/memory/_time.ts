export { now, DAY, HOUR, WEEK } from "../core/clock"
export const MINUTE = 60_000
