import { defineCommand } from "citty"
import { inspectProjectConfig } from "../../core/config"
import { EgcError } from "../../core/errors"
import { resolveProject } from "../../core/project"
import { contentHash, revoke, trust, trustedEntry } from "../../core/trust"
import { cwdArgs, jsonArgs } from "../_args"
import { printData } from "../ui"

/**
 * `egc trust`: the person accepts this project's `.egc/config.json` as it is now, loosenings
 * included. Bound to the file's SHA-256, so any edit (by the agent or a pull) drops the trust.
 */
export default defineCommand({
  meta: { name: "trust", description: "let this project's .egc/config.json loosen your policy, as the file is now" },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    revoke: { type: "boolean", description: "withdraw the trust" },
    show: { type: "boolean", description: "show what the file loosens and whether it is trusted; change nothing" },
  },
  async run({ args }) {
    if (args.revoke && args.show) throw new EgcError("E_USAGE", "--revoke and --show cannot be combined")
    const root = resolveProject(args.cwd ?? process.cwd()).root
    if (args.revoke) {
      const file = `${root}/.egc/config.json`
      const was = revoke(file)
      if (args.json) return printData({ file, revoked: was })
      return printData(was ? `trust revoked: ${file}` : `${file} was not trusted; nothing changed`)
    }
    const view = await inspectProjectConfig(root)
    if (!view) {
      const hint = "there is nothing to trust here"
      throw new EgcError("E_NOT_FOUND", `no project config at ${root}/.egc/config.json`, { hint })
    }
    const entry = trustedEntry(view.file)
    const current = entry?.sha256 === contentHash(view.text)
    if (args.show) {
      const state = current ? "trusted" : entry ? "changed since you trusted it (not trusted)" : "not trusted"
      const changed = Boolean(entry && !current)
      if (args.json) return printData({ file: view.file, trusted: current, changed, loosens: view.loosens })
      return printData([view.file, `status   ${state}`, ...describe(view.loosens)].join("\n"))
    }
    const recorded = trust(view.file, view.text)
    if (args.json) return printData({ file: view.file, trusted: true, sha256: recorded.sha256, loosens: view.loosens })
    const tail = "trusted as it is now; any change to the file drops the trust"
    printData([view.file, ...describe(view.loosens), `${tail} (sha256 ${recorded.sha256.slice(0, 16)})`].join("\n"))
  },
})

function describe(loosens: string[]): string[] {
  if (!loosens.length) return ["loosens  nothing (a file that only tightens applies without trust)"]
  return ["loosens your policy:", ...loosens.map((l) => `  - ${l}`)]
}
