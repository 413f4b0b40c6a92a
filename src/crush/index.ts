/**
 * The crusher's public surface. Cheap to import (no zod, no consola, no MCP SDK): the hooks call
 * rewriteForCrush on every shell command.
 */
export { rewriteForCrush } from "./rewrite"
export { familyOf, FAMILIES, type Family } from "./family"
export { crush, SMALL_BYTES, type CrushOptions, type CrushResult } from "./pipeline"
export { savings, type Savings, type SavingsRow } from "./ledger"
export { parseSince } from "./since"

/** The command-line surface (`egc crush …`, `egc gain`) and doctor's checks, loaded on demand. */
export const surface = () => import("./surface")
/** `egc keys rotate`: stored outputs re-sealed (files, not rows: run outside the database transaction). */
export const runResealer = () => import("./store").then((m) => m.resealRuns)
export const doctorChecks = () => import("./doctor").then((m) => m.crushChecks)
