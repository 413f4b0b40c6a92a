import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { configJsonSchema } from "../src/core/config-json-schema"

/** Regenerates schemas/config.schema.json from the zod schema (test/cli/config.test.ts checks it is current). */
const file = join(import.meta.dir, "..", "schemas", "config.schema.json")
writeFileSync(file, `${JSON.stringify(configJsonSchema(), null, 2)}\n`)
console.log(`wrote ${file}`)
