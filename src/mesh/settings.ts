import { DEFAULTS, type Config } from "../core/config"

/** Mesh limits; the server applies the `mesh` config section, library callers get the defaults. */
interface MeshSettings {
  claimMinutes: number
  maxClaimMinutes: number
  heartbeatMs: number
  /** A session whose heartbeat is older than this is dead even if its pid lives (pid reuse). */
  staleMs: number
}

const from = (mesh: Config["mesh"]): MeshSettings => ({
  claimMinutes: mesh.claimMinutes,
  maxClaimMinutes: 240,
  heartbeatMs: mesh.heartbeatSeconds * 1000,
  staleMs: mesh.heartbeatSeconds * 3000,
})

let current = from(DEFAULTS.mesh)

export const meshSettings = (): MeshSettings => current

export function configureMesh(mesh: Config["mesh"]): void {
  current = from(mesh)
}

export const LIMITS = {
  messageBytes: 8 * 1024,
  noteBytes: 2 * 1024,
  perMinute: 20,
  perSenderUnexpired: 200,
  readBatch: 50,
  eventTtlMs: 24 * 3_600_000,
} as const
