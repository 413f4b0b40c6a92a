/** Spawned by atomic-write.test.ts under a file-size limit: one atomic write, then what happened. */
import { writeFileAtomic } from "../../src/core/atomic-write"

const [path = "", size = "0"] = process.argv.slice(2)
try {
  writeFileAtomic(path, "n".repeat(Number(size)))
  process.stdout.write("written\n")
} catch (e) {
  process.stdout.write(`failed: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`)
}
