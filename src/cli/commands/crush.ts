import { defineCommand } from "citty"
import { EXIT } from "../exit"
import { passthrough } from "../strict"

/**
 * `egc crush -- <cmd…>` runs a command and prints its output filtered for a model;
 * `filter` filters stdin as if a command had printed it; `show` prints a stored run in full.
 * Machine-facing: stdout carries only the (filtered) output, the exit code is the command's.
 */
const USAGE = "usage: egc crush -- <command…> | egc crush filter --command '<cmd>' < output | egc crush show <id>\n"
const subCommands = {
  filter: () => import("./crush-filter").then((m) => m.default),
  show: () => import("./crush-show").then((m) => m.default),
}

export default passthrough(
  defineCommand({
    meta: {
      name: "crush",
      description: "run a command and print its output filtered for a model (egc crush -- <cmd…>)",
    },
    subCommands,
    async run({ rawArgs }) {
      // citty runs this after a subcommand too; anything but `-- <cmd…>` or a subcommand never exits 0 unrun
      if (Object.hasOwn(subCommands, rawArgs[0] ?? "")) return
      if (rawArgs[0] !== "--") {
        const what = rawArgs.length ? `unexpected '${rawArgs[0]}'` : "say what to run"
        process.stderr.write(`egc crush: ${what}\n${USAGE}`)
        process.exitCode = EXIT.USAGE
        return
      }
      const argv = rawArgs.slice(1)
      if (argv.length === 0) {
        process.stderr.write("egc crush: no command after --\n")
        process.exitCode = EXIT.USAGE
        return
      }
      const { runFromCli } = await (await import("../../crush")).surface()
      process.exitCode = await runFromCli(argv, process.cwd())
    },
  }),
)
