import { describe, expect, test } from "bun:test"
import { familyOf } from "../../src/crush"

/** familyOf's rows are evaluated in order: the cases where an earlier row must win, and each verb table. */
describe("familyOf rows in order", () => {
  const table: Array<[string, string]> = [
    ["npx playwright show-report", "generic"],
    ["npx playwright test", "test"],
    ["deno test", "test"],
    ["deno run main.ts", "generic"],
    ["node --test", "test"],
    ["node server.js", "generic"],
    ["go run .", "logs"],
    ["go get example.com/x", "pkg"],
    ["go build ./...", "build"],
    ["go constructor", "build"],
    ["cargo run", "logs"],
    ["cargo fetch", "pkg"],
    ["cargo build --release", "build"],
    ["dotnet restore", "pkg"],
    ["dotnet run", "logs"],
    ["dotnet build", "build"],
    ["./gradlew connectedDebugAndroidTest", "test"],
    ["./gradlew assemble", "build"],
    ["rails server", "logs"],
    ["rake spec", "test"],
    ["rails console", "generic"],
    ["yarn test:e2e", "test"],
    ["npm testing", "generic"],
    ["pnpm", "pkg"],
    ["pnpm why zod", "pkg"],
    ["pnpm lint", "build"],
    ["npm run dev", "logs"],
    ["npm run release", "generic"],
    ["bundle install", "pkg"],
    ["docker compose logs -f api", "logs"],
    ["docker compose up -d", "infra"],
    ["adb logcat", "logs"],
    ["adb devices", "generic"],
    ["head -n 20 server.log", "logs"],
    ["cat README.md", "generic"],
    ["git log --format=json", "json"],
    ["some-tool -o json", "json"],
  ]
  for (const [command, family] of table) {
    test(`${command} → ${family}`, () => expect(familyOf(command)).toBe(family as never))
  }
})
