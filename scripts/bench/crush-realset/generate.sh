#!/usr/bin/env bash
# Makes the crusher's real-output evaluation set: installs real packages from the npm registry in a
# temp folder, breaks a few things on purpose (a type error, failing tests, a version conflict) and
# runs ordinary, harmless commands on that code. Every output goes to $OUT/<id>.txt, and one line
# `id<TAB>exit code<TAB>command` per case to $OUT/commands.tsv. Nothing here is filtered or labelled.
# Usage: scripts/bench/crush-realset/generate.sh /tmp/realset-work /tmp/realset-out
set -u
W=${1:?work dir}
OUT=${2:?output dir}
mkdir -p "$W" "$OUT"
: >"$OUT/commands.tsv"
cd "$W" || exit 1

run() { # run ID DIR COMMAND…  (the command text is what the crusher is told)
  local id=$1 dir=$2
  shift 2
  (cd "$dir" && bash -c "$*" >"$OUT/$id.txt" 2>&1)
  printf '%s\t%s\t%s\n' "$id" "$?" "$*" >>"$OUT/commands.tsv"
}

if [ ! -d node_modules/express ]; then
  npm init -y >/dev/null
  npm install --no-audit --no-fund express@4.21.2 lodash@4.17.21 commander@12.1.0 chalk@4.1.2 minimist@1.2.8 \
    qs@6.13.0 mocha@10.7.3 morgan@1.10.0 semver@7.6.3 yargs@17.7.2 tape@5.9.0 typescript@5.6.3 @types/node@22.9.0 >/dev/null 2>&1
fi

# --- builds: tsc on real JavaScript with checkJs, and on a copy of semver with a type error introduced
cat >tsconfig.express.json <<'EOF'
{ "compilerOptions": { "allowJs": true, "checkJs": true, "noEmit": true, "strict": true, "types": ["node"] },
  "include": ["node_modules/express/lib/**/*.js"] }
EOF
run tsc-checkjs-express . "npx tsc -p tsconfig.express.json"
mkdir -p sv && cp -r node_modules/semver/classes node_modules/semver/functions node_modules/semver/internal sv/
sed -i 's/this.major = +m\[1\]/this.major = m[1]/' sv/classes/semver.js
cat >sv/tsconfig.json <<'EOF'
{ "compilerOptions": { "allowJs": true, "checkJs": true, "noEmit": true, "strict": false, "types": ["node"],
  "typeRoots": ["../node_modules/@types"] }, "include": ["**/*.js"] }
EOF
run tsc-checkjs-semver sv "../node_modules/.bin/tsc -p ."

# --- tests: qs's own tape suite against a copy of qs with a bug introduced; mocha on lodash
mkdir -p qsx && cp -r node_modules/qs/lib node_modules/qs/test node_modules/qs/package.json qsx/
sed -i "s/var percent = 0x25;/var percent = 0x26;/; s/delimiter: '&',/delimiter: ';',/" qsx/lib/*.js
run test-tape-qs qsx "NODE_PATH=../node_modules ../node_modules/.bin/tape 'test/*.js'"
mkdir -p mo && cat >mo/lodash.spec.js <<'EOF'
const assert = require("assert")
const _ = require("lodash")
const names = ["chunk", "compact", "difference", "drop", "flatten", "uniq", "zip", "groupBy", "sortBy", "debounce"]
describe("lodash", () => {
  for (const n of names) for (let i = 0; i < 12; i++) it(`${n} case ${i}`, () => assert.ok(typeof _[n] === "function"))
  it("chunk splits evenly", () => assert.deepStrictEqual(_.chunk([1, 2, 3, 4, 5], 2), [[1, 2], [3, 4], [5, 6]]))
  it("groupBy by length", () => assert.deepStrictEqual(_.groupBy(["one", "two", "three"], "length"), { 3: ["one"], 5: ["three"] }))
  it("template escapes", () => assert.strictEqual(_.template("<%- v %>")({ v: "<b>" }), "<b>"))
})
EOF
run test-mocha-lodash mo "NODE_PATH=../node_modules ../node_modules/.bin/mocha lodash.spec.js"
run test-mocha-lodash-spec mo "NODE_PATH=../node_modules ../node_modules/.bin/mocha --reporter spec lodash.spec.js"
mkdir -p nt && cat >nt/semver.test.js <<'EOF'
const test = require("node:test")
const assert = require("node:assert")
const semver = require("semver")
for (const v of ["1.0.0", "2.3.4", "10.0.0-beta.1", "0.0.1", "3.3.3"]) test(`valid ${v}`, () => assert.ok(semver.valid(v)))
for (let i = 0; i < 40; i++) test(`satisfies ${i}`, () => assert.ok(semver.satisfies(`1.${i}.0`, "^1.0.0")))
test("gt compares prerelease", () => assert.strictEqual(semver.gt("1.0.0-beta.2", "1.0.0"), true))
test("coerce keeps patch", () => assert.strictEqual(semver.coerce("v2.5")?.version, "2.5.1"))
EOF
run test-node-semver nt "NODE_PATH=../node_modules node --test semver.test.js"
mkdir -p mm && cp node_modules/minimist/index.js mm/ && cp -r node_modules/minimist/test mm/
sed -i "s/if (\/^--.+=\/.test(arg))/if (\/^--.+=x\/.test(arg))/" mm/index.js
run test-tape-minimist mm "for f in test/*.js; do node \$f; done"

# --- packages: a conflict, a missing and an extraneous package; trees, views, lockfiles
mkdir -p pk && cp package.json package-lock.json pk/ && cp -r node_modules pk/
(cd pk && node -e '
const p = require("./package.json"); p.dependencies.lodash = "^3.10.0"; p.dependencies["left-pad"] = "^1.3.0"
require("fs").writeFileSync("package.json", JSON.stringify(p, null, 2))' && cp -r node_modules/ms node_modules/ms-copy &&
  sed -i 's/"name": "ms"/"name": "ms-copy"/' node_modules/ms-copy/package.json)
run pkg-npm-ls pk "npm ls"
run pkg-npm-ls-all pk "npm ls --all"
run pkg-npm-ls-qs pk "npm ls qs"
run pkg-npm-outdated . "npm outdated"
run json-npm-view-express . "npm view express@4.21.2 --json"
run json-npm-view-mocha . "npm view mocha@10.7.3 --json"
run json-cat-lock . "cat package-lock.json"
run json-jq-lock . "jq '.packages | to_entries | map({name: .key, version: .value.version, license: .value.license})' package-lock.json"
run json-jq-stream . "jq -c '.packages | to_entries[] | {name: .key, deps: (.value.dependencies // {} | length)}' package-lock.json"
run json-tool-yargs . "python3 -m json.tool node_modules/yargs/package.json"
run json-tool-mocha-lock . "python3 -m json.tool node_modules/.package-lock.json"

# --- git: a repository of real code, many commits, many changes
if [ -e repo ]; then echo "generate.sh: $W/repo exists; give a new work dir (this script deletes nothing)" >&2; exit 1; fi
mkdir repo && cd repo && git init -q -b main && git config user.email dev@example.com && git config user.name dev
cp -r ../node_modules/express/lib express && cp -r ../node_modules/qs/lib qs && cp -r ../node_modules/commander/lib commander
git add -A && git commit -qm "import express, qs and commander sources"
i=0
for f in $(cd ../node_modules/lodash && ls *.js | head -260); do
  mkdir -p lodash && cp "../node_modules/lodash/$f" lodash/ && git add lodash && git commit -qm "lodash: add $f"
  i=$((i + 1))
done
for n in 1 2 3 4 5 6; do
  sed -i "${n}0s/\$/ \/\/ review $n/" express/router/index.js && git commit -qam "router: review pass $n"
done
for f in $(ls lodash/*.js | head -45); do echo "// touched" >>"$f"; done
git rm -q lodash/zip.js lodash/zipWith.js lodash/xor.js
mkdir -p newdir && cp ../node_modules/yargs/build/lib/*.js newdir/ 2>/dev/null
cp ../node_modules/semver/classes/*.js newdir/
cd ..
run git-status repo "git status"
run git-status-short repo "git status -s"
run git-diff repo "git diff"
run git-diff-stat repo "git diff --stat"
(cd repo && git add -A newdir)
run git-diff-cached-new repo "git diff --cached"
run git-log-oneline repo "git log --oneline"
run git-log-oneline-grep repo "git log --oneline --grep=router"
run git-log repo "git log -n 120"
run git-blame repo "git blame express/router/index.js"
run git-show-stat repo "git show --stat HEAD~3"

# --- search and listings
run grep-rn-require . "grep -rn \"require('debug')\" node_modules --include=*.js"
run grep-rn-function repo "grep -rn 'function' express qs"
run grep-rn-todo . "grep -rn 'TODO' node_modules/typescript/lib/lib.dom.d.ts node_modules/yargs node_modules/mocha/lib"
run find-express . "find node_modules/express node_modules/qs node_modules/mocha -type f"
run find-md . "find node_modules -name '*.md'"
run ls-laR-yargs . "ls -laR node_modules/yargs"
run du-mocha . "du -h node_modules/mocha"
run du-ah-qs . "du -ah node_modules/qs"
run du-sh-all . "du -sh node_modules/*"

# --- logs: a real express + morgan server whose handlers fail for some inputs
mkdir -p srv && cat >srv/server.js <<'EOF'
const express = require("express")
const morgan = require("morgan")
const app = express()
app.use(morgan(":date[iso] :method :url :status :response-time ms"))
const tenants = new Set([1, 2, 4])
app.get("/jobs/:job/tenant/:tenant", (req, res) => {
  const t = Number(req.params.tenant)
  if (!tenants.has(t)) {
    console.error(`${new Date().toISOString()} WARN job ${req.params.job}: tenant ${t} not found`)
    return res.status(404).send("no tenant")
  }
  res.send("ok")
})
app.get("/boom/:n", (req) => JSON.parse(`{"n": ${req.params.n}`))
app.use((err, req, res, next) => {
  console.error(`${new Date().toISOString()} ERROR ${req.url}: ${err.stack}`)
  res.status(500).send("fail")
})
const server = app.listen(0, async () => {
  const port = server.address().port
  for (let i = 0; i < 400; i++) {
    const path = i % 37 === 5 ? `/boom/${i}` : `/jobs/${1000 + i}/tenant/${(i * 7) % 9}`
    await fetch(`http://127.0.0.1:${port}${path}`).catch(() => {})
  }
  server.close()
})
EOF
run logs-express-morgan srv "NODE_PATH=../node_modules node server.js"
cp "$OUT/logs-express-morgan.txt" srv/app.log
run logs-sorted srv "sort app.log"
run logs-tail srv "tail -n 300 app.log"
