import { defineCommand } from "citty"

/** The full output of a recent run, decrypted. */
export default defineCommand({
  meta: { name: "show", description: "print the full output of a recent egc crush run" },
  args: {
    id: { type: "positional", description: "run id from the footer (r…)", required: true },
    raw: { type: "boolean", description: "the bytes as captured (colours and binary included)" },
  },
  async run({ args }) {
    const { readRun } = await import("../../crush/store")
    const { bytes, meta } = readRun(args.id)
    const { stripAnsi } = await import("../../crush/text")
    if (args.raw) process.stdout.write(bytes)
    else process.stdout.write(stripAnsi(new TextDecoder().decode(bytes)))
    if (meta.truncated) process.stderr.write(`egc crush: only the first ${meta.bytes} bytes of this run were stored\n`)
  },
})
