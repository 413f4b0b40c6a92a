import { describe, test } from "bun:test"
import { autoPushScenario } from "../sync/_autopush"
import { egcBinary } from "./_binary"

describe("sync push at session end (the compiled binary)", () => {
  test(
    "the binary's session-end hook starts itself as egc sync push, returns, and the push lands",
    async () => autoPushScenario([await egcBinary()]),
    180_000,
  )
})
