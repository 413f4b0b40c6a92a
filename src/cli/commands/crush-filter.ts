import { defineCommand } from "citty"
import { EgcError } from "../../core/errors"

/** Pure: filters stdin as if `--command` had printed it. What tests and benchmarks use. */
export default defineCommand({
  meta: { name: "filter", description: "filter stdin as if the given command had printed it" },
  args: {
    command: { type: "string", description: "the command that produced the output", required: true },
    "exit-code": { type: "string", description: "its exit code" },
    json: { type: "boolean", description: "print the result and its figures as JSON" },
  },
  async run({ args }) {
    const code = args["exit-code"]
    if (code !== undefined && !/^\d{1,3}$/.test(code))
      throw new EgcError("E_USAGE", `--exit-code must be a number, not '${code}'`)
    const { crush } = await (await import("../../crush")).surface()
    const input = new Uint8Array(await Bun.stdin.arrayBuffer())
    const result = crush(input, { command: args.command, ...(code === undefined ? {} : { exitCode: Number(code) }) })
    process.stdout.write(args.json ? `${JSON.stringify(result)}\n` : result.output)
  },
})
