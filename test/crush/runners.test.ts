import { describe, expect, test } from "bun:test"
import { crush } from "../../src/crush/pipeline"

/**
 * Every runner's format: 200 passing tests around one failure. The failure block (name, assertion,
 * location) and the summary survive word for word; the passes are counted away.
 */
const many = (f: (i: number) => string, n = 200) => Array.from({ length: n }, (_, i) => f(i)).join("\n")

const runners: Array<{ command: string; output: string; keep: string[]; gone: string }> = [
  {
    command: "npx jest",
    output: `${many((i) => `  ✓ adds case ${i} (3 ms)`)}\n FAIL  src/math.test.ts (5.2 s)\n  ● math › divides\n\n    expect(received).toBe(expected)\n\n    Expected: 2\n    Received: 3\n\n      at Object.<anonymous> (src/math.test.ts:14:23)\n\nTests:       1 failed, 200 passed, 201 total\n`,
    keep: [
      " FAIL  src/math.test.ts (5.2 s)",
      "  ● math › divides",
      "    Expected: 2",
      "    Received: 3",
      "      at Object.<anonymous> (src/math.test.ts:14:23)",
      "Tests:       1 failed, 200 passed, 201 total",
    ],
    gone: "adds case 17 ",
  },
  {
    command: "go test -v ./...",
    output: `${many((i) => `=== RUN   TestAdd${i}\n--- PASS: TestAdd${i} (0.00s)`)}\n=== RUN   TestDivide\n    math_test.go:42: Divide(4, 2) = 3; want 2\n--- FAIL: TestDivide (0.00s)\nFAIL\nFAIL\texample.com/math\t0.012s\n`,
    keep: [
      "    math_test.go:42: Divide(4, 2) = 3; want 2",
      "--- FAIL: TestDivide (0.00s)",
      "FAIL\texample.com/math\t0.012s",
    ],
    gone: "TestAdd17 ",
  },
  {
    command: "mocha",
    output: `  math\n${many((i) => `    ✔ adds case ${i}`)}\n    1) divides\n\n  200 passing (45ms)\n  1 failing\n\n  1) math\n       divides:\n     AssertionError [ERR_ASSERTION]: 3 == 2\n      at Context.<anonymous> (test/math.test.js:9:12)\n`,
    keep: [
      "    1) divides",
      "  200 passing (45ms)",
      "  1 failing",
      "     AssertionError [ERR_ASSERTION]: 3 == 2",
      "      at Context.<anonymous> (test/math.test.js:9:12)",
    ],
    gone: "adds case 17\n",
  },
  {
    command: "bundle exec rspec",
    output: `${many(() => ".", 800)}F\n\nFailures:\n\n  1) Math divides\n     Failure/Error: expect(divide(4, 2)).to eq(2)\n\n       expected: 2\n            got: 3\n     # ./spec/math_spec.rb:9:in \`block (2 levels) in <top (required)>'\n\nFinished in 0.5 seconds (files took 0.2 seconds to load)\n801 examples, 1 failure\n\nFailed examples:\n\nrspec ./spec/math_spec.rb:8 # Math divides\n`,
    keep: [
      "  1) Math divides",
      "     Failure/Error: expect(divide(4, 2)).to eq(2)",
      "       expected: 2",
      "            got: 3",
      "801 examples, 1 failure",
      "rspec ./spec/math_spec.rb:8 # Math divides",
    ],
    gone: "\n.\n.\n.\n.\n.\n.\n.\n.\n.\n",
  },
  {
    command: "dotnet test",
    output: `${many((i) => `  Passed MathTests.Adds${i} [1 ms]`)}\n  Failed MathTests.Divides [3 ms]\n  Error Message:\n   Assert.Equal() Failure\nExpected: 2\nActual:   3\n  Stack Trace:\n     at MathTests.Divides() in /src/MathTests.cs:line 21\n\nFailed!  - Failed:     1, Passed:   200, Skipped:     0, Total:   201, Duration: 1 s\n`,
    keep: [
      "  Failed MathTests.Divides [3 ms]",
      "   Assert.Equal() Failure",
      "Expected: 2",
      "Actual:   3",
      "     at MathTests.Divides() in /src/MathTests.cs:line 21",
      "Failed!  - Failed:     1, Passed:   200, Skipped:     0, Total:   201, Duration: 1 s",
    ],
    gone: "Adds17 ",
  },
  {
    command: "bun test",
    output: `${many((i) => `(pass) math > adds ${i} [0.10ms]`)}\n(fail) math > divides [0.20ms]\nerror: expect(received).toBe(expected)\n\nExpected: 2\nReceived: 3\n\n      at <anonymous> (/app/math.test.ts:9:22)\n\n 200 pass\n 1 fail\nRan 201 tests across 1 file. [45.00ms]\n`,
    keep: [
      "(fail) math > divides [0.20ms]",
      "error: expect(received).toBe(expected)",
      "Expected: 2",
      "Received: 3",
      " 200 pass",
      " 1 fail",
      "Ran 201 tests across 1 file. [45.00ms]",
    ],
    gone: "adds 17 ",
  },
  {
    command: "node --test",
    output: `${many((i) => `✔ adds ${i} (0.1ms)`)}\n✖ divides (0.4ms)\n  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n  3 !== 2\n\n      at TestContext.<anonymous> (file:///app/math.test.mjs:9:10)\nℹ tests 201\nℹ pass 200\nℹ fail 1\n`,
    keep: [
      "✖ divides (0.4ms)",
      "  AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:",
      "  3 !== 2",
      "ℹ tests 201",
      "ℹ fail 1",
    ],
    gone: "adds 17 ",
  },
  {
    command: "vendor/bin/phpunit",
    output: `PHPUnit 10.5.0 by Sebastian Bergmann and contributors.\n\n${many(() => "...............................................................")}\nF\n\nThere was 1 failure:\n\n1) MathTest::testDivide\nFailed asserting that 3 is identical to 2.\n\n/app/tests/MathTest.php:12\n\nFAILURES!\nTests: 201, Assertions: 201, Failures: 1.\n`,
    keep: [
      "1) MathTest::testDivide",
      "Failed asserting that 3 is identical to 2.",
      "/app/tests/MathTest.php:12",
      "FAILURES!",
      "Tests: 201, Assertions: 201, Failures: 1.",
    ],
    gone: "...............................................................\n....",
  },
]

describe("test runners", () => {
  for (const r of runners) {
    test(r.command, () => {
      const out = crush(r.output, { command: r.command, exitCode: 1 }).output
      for (const k of r.keep) expect(out).toContain(k)
      expect(out).not.toContain(r.gone)
      expect(out.length).toBeLessThan(r.output.length / 2)
    })
  }
})
