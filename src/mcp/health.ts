/**
 * Health probes for server_health, one per part, each reported on its own so one fault does not
 * hide the others. Faculties add a probe for what they own (the memory faculty: "index").
 */
export interface Probe {
  status: "ok" | "warn" | "fail" | "absent"
  detail: string
}

const probes = new Map<string, () => Probe>()

export function registerHealthProbe(part: string, probe: () => Probe): void {
  probes.set(part, probe)
}

export function runProbe(part: string, fallback: Probe): Probe {
  const probe = probes.get(part)
  if (!probe) return fallback
  try {
    return probe()
  } catch (e) {
    return { status: "fail", detail: e instanceof Error ? e.message : String(e) }
  }
}
