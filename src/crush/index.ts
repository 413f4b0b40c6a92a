/**
 * The crusher's public surface. Cheap to import (no zod, no consola, no MCP SDK): the hooks call
 * rewriteForCrush on every shell command.
 */
export { rewriteForCrush } from "./rewrite"
export { familyOf, FAMILIES, type Family } from "./family"
export type { CrushOptions, CrushResult } from "./pipeline"
export type { Savings, SavingsRow } from "./ledger"

/**
 * The filters and the ledger (SQLite) load on first use: the pre-tool hook only rewrites a
 * command and must not pay for either.
 */
const pipeline = (): typeof import("./pipeline") => require("./pipeline")
const ledger = (): typeof import("./ledger") => require("./ledger")
export const crush: typeof import("./pipeline").crush = (input, opts) => pipeline().crush(input, opts)
export const savings: typeof import("./ledger").savings = (opts) => ledger().savings(opts)
export { parseSince } from "./since"

/** The command-line surface (`egc crush …`, `egc gain`) and doctor's checks, loaded on demand. */
export const surface = () => import("./surface")
/** `egc keys rotate`: stored outputs re-sealed (files, not rows: run outside the database transaction). */
export const runResealer = () => import("./store").then((m) => m.resealRuns)
export const doctorChecks = () => import("./doctor").then((m) => m.crushChecks)
