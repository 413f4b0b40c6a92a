# Install egc on Windows from a GitHub release (or a mirror), verified before anything is written.
#
#   irm https://github.com/OWNER/egc/releases/latest/download/install.ps1 | iex
#
# Environment: EGC_VERSION, EGC_INSTALL_DIR (default %LOCALAPPDATA%\Programs\egc),
# EGC_DOWNLOAD_BASE (BASE/latest.json, BASE/download/vV/FILE), EGC_RUN_INSTALL (1 / 0),
# EGC_REQUIRE_SIGNATURE=1 (refuse without minisign), EGC_PUBKEY (minisign public key).
$ErrorActionPreference = "Stop"
Set-StrictMode -Version 3.0

$EGC_PUBKEY_DEFAULT = ""
$EGC_REPO_DEFAULT = "OWNER/egc"

function Say([string]$Message) { [Console]::Error.WriteLine("egc-install: $Message") }
function Fail([string]$Message) {
  Say "error: $Message"
  throw "egc-install: $Message"
}
function EnvOr([string]$Name, [string]$Default) {
  $v = [Environment]::GetEnvironmentVariable($Name)
  if ([string]::IsNullOrEmpty($v)) { return $Default } else { return $v }
}

$repo = EnvOr "EGC_REPO" $EGC_REPO_DEFAULT
$pubkey = EnvOr "EGC_PUBKEY" $EGC_PUBKEY_DEFAULT
$base = (EnvOr "EGC_DOWNLOAD_BASE" "").TrimEnd("/")
$version = EnvOr "EGC_VERSION" ""
$dest = EnvOr "EGC_INSTALL_DIR" (Join-Path $env:LOCALAPPDATA "Programs\egc")
$runInstall = EnvOr "EGC_RUN_INSTALL" "ask"

$arm = $env:PROCESSOR_ARCHITECTURE -eq "ARM64" -or $env:PROCESSOR_ARCHITEW6432 -eq "ARM64"
$arch = if ($arm) { "arm64" } else { "x64" }
$target = "windows-$arch"

$tmp = Join-Path ([IO.Path]::GetTempPath()) ("egc-install-" + [Guid]::NewGuid().ToString("N"))
New-Item -ItemType Directory -Path $tmp | Out-Null
try {
  $ProgressPreference = "SilentlyContinue"
  if (-not $version) {
    $latest = if ($base) { "$base/latest.json" } else { "https://api.github.com/repos/$repo/releases/latest" }
    try { $version = (Invoke-RestMethod -Uri $latest).tag_name }
    catch { Fail "cannot read the newest release from $latest" }
  }
  $version = "$version".TrimStart("v")
  if ($version -notmatch '^[0-9A-Za-z.-]+$') { Fail "not a release version: '$version'" }
  $files = if ($base) { "$base/download/v$version" } else { "https://github.com/$repo/releases/download/v$version" }
  $archive = "egc-$version-$target.zip"
  Say "egc $version for $target"
  foreach ($name in @("SHA256SUMS", $archive)) {
    try { Invoke-WebRequest -Uri "$files/$name" -OutFile "$tmp\$name" } catch { Fail "cannot download $files/$name" }
  }

  $minisign = Get-Command minisign -ErrorAction SilentlyContinue
  if ($pubkey -and $minisign) {
    Invoke-WebRequest -Uri "$files/SHA256SUMS.minisig" -OutFile "$tmp\SHA256SUMS.minisig"
    & $minisign.Source -Vqm "$tmp\SHA256SUMS" -x "$tmp\SHA256SUMS.minisig" -P $pubkey | Out-Null
    if ($LASTEXITCODE -ne 0) { Fail "signature check FAILED for SHA256SUMS; nothing was installed" }
    Say "signature of SHA256SUMS: ok (minisign)"
  } elseif ((EnvOr "EGC_REQUIRE_SIGNATURE" "0") -eq "1") {
    Fail "EGC_REQUIRE_SIGNATURE=1 but minisign is not installed"
  } else {
    Say "signature not checked (minisign is not installed); checking the SHA-256 only"
  }

  $expected = $null
  foreach ($line in Get-Content "$tmp\SHA256SUMS") {
    $parts = $line -split '\s+\*?', 2
    if ($parts.Count -eq 2 -and $parts[1] -eq $archive) { $expected = $parts[0].ToLower() }
  }
  if (-not $expected) { Fail "SHA256SUMS lists no $archive; nothing was installed" }
  $actual = (Get-FileHash -Algorithm SHA256 "$tmp\$archive").Hash.ToLower()
  if ($actual -ne $expected) {
    Fail ("checksum mismatch for $archive (expected $expected, got $actual): " +
      "the download is corrupt or was tampered with; nothing was installed")
  }
  Say "checksum of ${archive}: ok"

  Expand-Archive -Path "$tmp\$archive" -DestinationPath "$tmp\pkg"
  $new = "$tmp\pkg\egc-$version-$target\egc.exe"
  $got = (& $new version 2>$null | Out-String).Trim()
  if ($got -ne $version) {
    Fail "the downloaded egc does not run on this machine (it answered '$got'); nothing was installed"
  }

  New-Item -ItemType Directory -Force -Path $dest | Out-Null
  $exe = Join-Path $dest "egc.exe"
  $stage = Join-Path $dest ".egc.install.$PID.exe"
  try {
    Copy-Item $new $stage
    # A running egc.exe cannot be overwritten, but it can be renamed: move it aside first.
    if (Test-Path $exe) { Move-Item -Force $exe "$exe.previous" }
    Move-Item $stage $exe
  } catch {
    Remove-Item -Force -ErrorAction SilentlyContinue $stage
    Fail "cannot write ${exe}: $_"
  }
  Say "installed $exe ($version)"

  $userPath = [Environment]::GetEnvironmentVariable("Path", "User")
  if (-not (($userPath -split ";") -contains $dest)) {
    Say "$dest is not on your PATH. Add it with:"
    $current = "[Environment]::GetEnvironmentVariable('Path', 'User')"
    Say "  [Environment]::SetEnvironmentVariable('Path', `"$dest;`" + $current, 'User')"
  }
  if ($runInstall -eq "1") { & $exe install }
  elseif ($runInstall -eq "0" -or -not [Environment]::UserInteractive) {
    Say "next: egc install (registers egc in your coding tools)"
  }
  else {
    $answer = Read-Host "Register egc in your coding tools now (egc install)? [y/N]"
    if ($answer -match '^(y|yes)$') { & $exe install } else { Say "later: egc install" }
  }
} finally {
  Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $tmp
}
