import { defineCommand } from "citty"
import { printData } from "../ui"

const SHELLS = ["bash", "zsh", "fish"]

/** `egc completions SHELL`: a completion script generated from the command tree. */
export default defineCommand({
  meta: { name: "completions", description: "print a shell completion script: egc completions bash|zsh|fish" },
  args: { shell: { type: "positional", required: true, description: SHELLS.join(" | ") } },
  async run({ args }) {
    const shell = String(args.shell)
    if (!SHELLS.includes(shell)) {
      const { EgcError } = await import("../../core/errors")
      throw new EgcError("E_USAGE", `no completions for '${shell}'`, {
        hint: `one of: ${SHELLS.join(", ")}; see: egc completions --help`,
      })
    }
    const [{ commandTree }, scripts] = await Promise.all([import("../complete-tree"), import("../complete-scripts")])
    const tree = await commandTree()
    printData(
      (shell === "bash" ? scripts.bashScript : shell === "zsh" ? scripts.zshScript : scripts.fishScript)(
        tree,
      ).trimEnd(),
    )
  },
})
