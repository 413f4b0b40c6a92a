import { describe, expect, test } from "bun:test"
import { crush } from "../../src/crush/pipeline"

/** Builds, package managers, containers and listings: diagnostics and verdicts stay, chatter goes. */
const many = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join("\n")

const cases: Array<{ command: string; output: string; keep: string[]; gone: string; allProblems?: boolean }> = [
  {
    command: "cargo build",
    output: `${many(150, (i) => `   Compiling dep${i} v1.0.${i}`)}\nwarning: unused variable: \`x\`\n --> src/lib.rs:3:9\n  |\n3 |     let x = 5;\n  |         ^ help: if this is intentional, prefix it with an underscore: \`_x\`\n  |\n  = note: \`#[warn(unused_variables)]\` on by default\n\nerror[E0308]: mismatched types\n --> src/main.rs:4:18\n  |\n4 |     let n: u32 = "five";\n  |            ---   ^^^^^^ expected \`u32\`, found \`&str\`\n\nerror: could not compile \`app\` (bin "app") due to 1 previous error; 1 warning emitted\n`,
    keep: [
      "warning: unused variable: `x`",
      " --> src/lib.rs:3:9",
      "error[E0308]: mismatched types",
      '4 |     let n: u32 = "five";',
      "  |            ---   ^^^^^^ expected `u32`, found `&str`",
      'error: could not compile `app` (bin "app") due to 1 previous error; 1 warning emitted',
    ],
    gone: "Compiling dep77 ",
  },
  {
    command: "npx eslint .",
    output: `${many(40, (i) => `\n/app/src/file${i}.ts\n  ${i + 1}:5  warning  Unexpected console statement  no-console`)}\n\n/app/src/main.ts\n  12:7  error  'x' is assigned a value but never used  no-unused-vars\n\n✖ 41 problems (1 error, 40 warnings)\n`,
    keep: [
      "/app/src/main.ts",
      "  12:7  error  'x' is assigned a value but never used  no-unused-vars",
      "✖ 41 problems (1 error, 40 warnings)",
      "/app/src/file17.ts",
    ],
    gone: "\n\n\n",
    // every line is a diagnostic or its file: nothing may go
    allProblems: true,
  },
  {
    command: "make",
    output: `${many(120, (i) => `gcc -O2 -c -o build/obj${i}.o src/file${i}.c`)}\nsrc/parser.c:42:5: error: use of undeclared identifier 'result'\nmake: *** [Makefile:12: build/parser.o] Error 1\n`,
    keep: [
      "src/parser.c:42:5: error: use of undeclared identifier 'result'",
      "make: *** [Makefile:12: build/parser.o] Error 1",
    ],
    gone: "",
  },
  {
    command: "pnpm install",
    output: `Lockfile is up to date, resolution step is skipped\n${many(120, (i) => `Progress: resolved ${i}, reused ${i}, downloaded 0, added ${i}`)}\nPackages: +120\n${"+".repeat(120)}\n WARN  deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported\n\ndependencies:\n${many(60, (i) => `+ pkg${i} 1.0.${i}`)}\n\nDone in 4.2s\n`,
    keep: [
      " WARN  deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported",
      "Packages: +120",
      "Done in 4.2s",
    ],
    gone: "Progress: resolved 77",
  },
  {
    command: "apt-get install -y curl",
    output: `Reading package lists...\nBuilding dependency tree...\n${many(60, (i) => `Get:${i + 1} http://deb.debian.org/debian bookworm/main amd64 lib${i} amd64 1.${i} [${i}0 kB]`)}\n${many(60, (i) => `Setting up lib${i} (1.${i}) ...`)}\nE: Unable to locate package curlx\n`,
    keep: ["E: Unable to locate package curlx"],
    gone: "Get:17 ",
  },
  {
    command: "docker build -t app .",
    output: `#0 building with "default" instance using docker driver\n\n${many(40, (i) => `#${i + 5} [${i + 1}/40] RUN step ${i}\n#${i + 5} 0.31${i} installing things ${i}\n#${i + 5} 0.52${i} more output ${i}\n#${i + 5} DONE 0.6s`)}\n#50 ERROR: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1\n`,
    keep: [
      "#5 [1/40] RUN step 0",
      '#50 ERROR: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1',
    ],
    gone: "installing things 17",
  },
  {
    command: "kubectl get pods -A",
    output: `NAMESPACE     NAME                       READY   STATUS             RESTARTS   AGE\n${many(60, (i) => `default       api-${i}                      1/1     Running            0          ${i}d`)}\ndefault       worker-0                   0/1     CrashLoopBackOff   12         3h\n`,
    keep: ["default       worker-0                   0/1     CrashLoopBackOff   12         3h", "NAMESPACE     NAME"],
    gone: "api-37 ",
  },
  {
    command: "ls -la node_modules/.bin",
    output: many(300, (i) => `-rwxr-xr-x  1 dev dev  ${1000 + i} Jan  1 10:00 tool-${i}.js`),
    keep: ["tool-0.js", "more entries"],
    gone: "tool-250.js",
  },
]

describe("formats", () => {
  for (const c of cases) {
    test(c.command, () => {
      const r = crush(c.output, { command: c.command })
      for (const k of c.keep) expect(r.output).toContain(k)
      if (c.gone) expect(r.output).not.toContain(c.gone)
      if (c.allProblems) return
      expect(r.mode).toBe("filtered")
      expect(r.bytesOut).toBeLessThan(c.output.length / 2)
    })
  }
})
