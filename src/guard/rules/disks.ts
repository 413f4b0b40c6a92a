import type { Arg } from "../invocation"
import { ALLOW } from "../types"
import { ask, deny } from "./finding"
import type { Rule } from "./index"

/** Disks and volumes: formats, encryption headers, LVM, zfs, btrfs, RAID superblocks, secure erase. */
const LSBLK = "check the device with lsblk (or the volume with lvs / zfs list) first, and run it yourself"
const operands = (args: Arg[]): string[] =>
  args
    .slice(1)
    .map((a) => a.text)
    .filter((t) => !t.startsWith("-"))
const has = (args: Arg[], re: RegExp): boolean => args.some((a) => re.test(a.text))

/** Every mkfs.* / mkfs -t / mke2fs / mkdosfs: `-n` (mke2fs, mkfs.ext*) only shows what it would do. */
export const format: Rule = (inv, _w, name) => {
  if (/^(mke2fs|mkfs\.ext[234])$/.test(name) && has(inv.args, /^-[a-zA-Z]*n[a-zA-Z]*$/)) return ALLOW
  if (inv.args.length === 1 || has(inv.args, /^(-V|--version)$/)) return ALLOW
  return deny("disk.format", `${name} erases the filesystem on ${operands(inv.args).join(" ") || "a device"}`, LSBLK)
}

const cryptsetup: Rule = (inv) => {
  const verb = operands(inv.args)[0]?.toLowerCase() ?? ""
  if (
    /^(luksformat|erase|lukserase|lukskillslot|reencrypt)$/.test(verb) ||
    (verb === "format" && has(inv.args, /^--type/))
  )
    return deny(
      "disk.luks",
      `cryptsetup ${verb} destroys the encryption header or key slots, and with them the data`,
      LSBLK,
    )
  if (/^(luksremovekey|remove|luksheaderrestore|tokenremove)$/.test(verb))
    return ask("disk.luks", `cryptsetup ${verb} removes a key or rewrites the header`)
  return ALLOW
}

const lvm: Rule = (inv, _w, name) =>
  operands(inv.args).length || has(inv.args, /^(-a|--all)$/)
    ? deny("disk.lvm", `${name} removes or shrinks ${operands(inv.args).join(" ") || "volumes"} with their data`, LSBLK)
    : ALLOW

const lvresize: Rule = (inv, _w, name) =>
  has(inv.args, /^(-L|--size|-l|--extents)$/) &&
  inv.args.some((a, k) => /^(-L|--size|-l|--extents)$/.test(inv.args[k - 1]?.text ?? "") && a.text.startsWith("-"))
    ? deny("disk.lvm", `${name} shrinks a logical volume, cutting off data`, LSBLK)
    : ALLOW

const zfs: Rule = (inv, _w, name) => {
  const [verb] = operands(inv.args)
  if (verb === "destroy")
    return deny("disk.zfs", `${name} destroy deletes the dataset or pool and its snapshots`, LSBLK)
  if (name === "zpool" && (verb === "labelclear" || (verb === "create" && has(inv.args, /^-[a-zA-Z]*f/))))
    return deny("disk.zfs", `zpool ${verb} overwrites the devices' labels`, LSBLK)
  if (verb === "rollback" && has(inv.args, /^-[a-zA-Z]*r/))
    return ask("disk.zfs", "zfs rollback -r destroys the snapshots taken after it")
  if (name === "zpool" && (verb === "remove" || verb === "detach" || verb === "offline"))
    return ask("disk.zfs", `zpool ${verb} takes a device out of the pool`)
  return ALLOW
}

const btrfs: Rule = (inv) => {
  const [group = "", verb = ""] = operands(inv.args)
  if (/^su(b(v(o(l(u(me?)?)?)?)?)?)?$/.test(group) && /^(d|de|del|dele|delet|delete)$/.test(verb))
    return deny("disk.btrfs", "btrfs subvolume delete removes the subvolume and its files", LSBLK)
  if (/^dev(i(ce?)?)?$/.test(group) && /^(delete|remove|del|rem)$/.test(verb))
    return ask("disk.btrfs", `btrfs device ${verb} takes a device out of the filesystem`)
  if (group === "check" && has(inv.args, /^--repair$/))
    return ask("disk.btrfs", "btrfs check --repair can make the damage worse")
  return ALLOW
}

const wipefs: Rule = (inv) =>
  has(inv.args, /^(-a|--all|-o|--offset|-[a-zA-Z]*a[a-zA-Z]*)$/) &&
  !has(inv.args, /^(-n|--no-act|-[a-zA-Z]*n[a-zA-Z]*)$/)
    ? deny(
        "disk.format",
        `wipefs erases the filesystem signatures of ${operands(inv.args).join(" ") || "a device"}`,
        LSBLK,
      )
    : ALLOW

/** Partition tables: listing passes; zapping, deleting, new labels deny; anything else may rewrite the table. */
export const partition: Rule = (inv, _w, name) => {
  const words = inv.args.slice(1).map((a) => a.text)
  const gpt = name === "sgdisk" || name === "gdisk"
  const destroys = words.some(
    (w) =>
      /^(--zap-all|--zap|--clear|--delete|mklabel|mktable|rm)$/.test(w) ||
      (gpt && /^(-Z|-z|-o|-d\d*)$|^-[a-zA-Z]*Z/.test(w)),
  )
  if (destroys) return deny("disk.partition", `${name} deletes partitions or the whole partition table`, LSBLK)
  if (
    words.some(
      (w) =>
        /^(-l|--list|-p|--print|print|--verify|-v|--version|-V|--info)$/.test(w) ||
        (name === "sfdisk" && /^(-d|--dump|-J|--json)$/.test(w)),
    )
  )
    return ALLOW
  return ask("disk.partition", `${name} can rewrite the partition table`, LSBLK)
}

const nvme: Rule = (inv) => {
  const [verb] = operands(inv.args)
  return verb && /^(format|sanitize|delete-ns|ns-delete)$/.test(verb)
    ? deny("disk.secure-erase", `nvme ${verb} erases the drive`, LSBLK)
    : ALLOW
}

const hdparm: Rule = (inv) =>
  has(
    inv.args,
    /^--(security-erase|security-erase-enhanced|trim-sector-ranges|write-sector|make-bad-sector|dco-restore)/,
  )
    ? deny("disk.secure-erase", "hdparm erases or overwrites sectors of the drive", LSBLK)
    : ALLOW

const mdadm: Rule = (inv) =>
  has(inv.args, /^(--zero-superblock|--create|-C)$/)
    ? deny("disk.raid", "mdadm rewrites RAID superblocks, losing the array's data", LSBLK)
    : ALLOW

const FORMATTERS = [
  "mkfs",
  "mke2fs",
  "mkswap",
  "mkdosfs",
  "mkntfs",
  "mkexfatfs",
  "mkfs.ext2",
  "mkfs.ext3",
  "mkfs.ext4",
  "mkfs.xfs",
  "mkfs.vfat",
  "mkfs.fat",
  "mkfs.msdos",
  "mkfs.btrfs",
  "mkfs.ntfs",
  "mkfs.exfat",
  "mkfs.f2fs",
  "mkfs.minix",
  "mkfs.bfs",
  "mkfs.cramfs",
  "mkfs.jfs",
  "mkfs.reiserfs",
  "mkfs.nilfs2",
  "mkfs.udf",
  "mkfs.hfsplus",
  "newfs",
  "newfs_apfs",
  "newfs_hfs",
  "newfs_msdos",
]

export const diskRules: Record<string, Rule> = {
  ...Object.fromEntries(FORMATTERS.map((n) => [n, format])),
  wipefs,
  cryptsetup,
  lvremove: lvm,
  vgremove: lvm,
  pvremove: lvm,
  lvreduce: lvm,
  vgreduce: lvm,
  lvresize,
  zfs,
  zpool: zfs,
  btrfs,
  nvme,
  hdparm,
  mdadm,
  fdisk: partition,
  sfdisk: partition,
  gdisk: partition,
  sgdisk: partition,
  cgdisk: partition,
  cfdisk: partition,
  parted: partition,
}

/** A `mkfs.<type>` this table does not list is still a formatter. */
export const isFormatter = (name: string): boolean => /^mkfs\.[\w-]+$/.test(name)
