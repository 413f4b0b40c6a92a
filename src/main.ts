import { run } from "./cli/run"

await run(process.argv.slice(2))
