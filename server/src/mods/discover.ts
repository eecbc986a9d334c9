/**
 * Finds mods and content files on disk: the game folder (`json/` + `mods/`), workspace folders, and for a
 * path given to the CLI, the mod that encloses it and the sibling mods it depends on.
 */
import * as fs from 'fs';
import * as path from 'path';

/** cdda-lint's own settings file (config/lintConfig.ts): not game content. */
export const CONFIG_FILE = 'cdda-lint.config.json';

const SKIP_DIRS = new Set(['node_modules', '.git', '.vscode', 'out', 'dist']);

/** JSON files that are never game content, whatever folder they are in. */
const NOT_CONTENT = new Set([CONFIG_FILE, 'package.json', 'package-lock.json', 'tsconfig.json', 'jsconfig.json', 'composer.json', '.eslintrc.json', '.prettierrc.json', 'launch.json', 'tasks.json', 'settings.json', 'extensions.json']);

/** True for the name of a tool's JSON file (package.json, tsconfig.*.json, editor settings): never game content. */
export function isToolingJson(name: string): boolean {
  return NOT_CONTENT.has(name) || /^tsconfig\..*\.json$/.test(name);
}

/** What a folder holds that listJsonFiles looks at: the names of its content files and of its subfolders. */
export interface FolderEntries {
  readonly files: readonly string[];
  readonly folders: readonly string[];
  /** Links that lead nowhere (their names): skipped, and said (see SkippedLink). */
  readonly brokenLinks?: readonly string[];
  /** The subfolders that are links (their names, among `folders`): the listing says so, no stat of each asks again. */
  readonly links?: readonly string[];
}

/** A link listJsonFiles did not follow, and why: said on its path, never skipped in silence. */
export interface SkippedLink {
  readonly path: string;
  readonly why: string;
}

/**
 * A folder's entries as on disk; undefined when it cannot be read. A symbolic link counts as what it points to
 * (the game reads through links: std::filesystem in src/filesystem.cpp get_files_from_path); a broken one is
 * skipped (listed in brokenLinks). See listJsonFiles for links that loop.
 */
export function readFolder(dir: string): FolderEntries | undefined {
  let entries: fs.Dirent[];
  try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return undefined; }
  const files: string[] = [];
  const folders: string[] = [];
  let brokenLinks: string[] | undefined;
  let links: string[] | undefined;
  for (const e of entries) {
    let isDirectory = e.isDirectory(), isFile = e.isFile();
    const isLink = e.isSymbolicLink();
    if (isLink) {
      try { const st = fs.statSync(path.join(dir, e.name)); isDirectory = st.isDirectory(); isFile = st.isFile(); } catch { (brokenLinks ??= []).push(e.name); continue; }
    }
    if (isDirectory) { if (!SKIP_DIRS.has(e.name)) { folders.push(e.name); if (isLink) (links ??= []).push(e.name); } }
    else if (isFile && e.name.endsWith('.json') && e.name !== CONFIG_FILE) files.push(e.name);
  }
  return { files, folders, ...(brokenLinks ? { brokenLinks } : {}), ...(links ? { links } : {}) };
}

/** Where a link points, as written in it. */
function linkTarget(p: string): string {
  try { return fs.readlinkSync(p); } catch { return 'nothing readable'; }
}

function realPath(p: string): string | undefined {
  try { return fs.realpathSync(p); } catch { return undefined; }
}

/**
 * Every `.json` file below `dir` (or `dir` itself when it is a file), sorted for a stable load order. `read`
 * gives each folder's entries (a warm start takes those of unchanged folders from the on-disk cache); `skipped`
 * hears of each link not followed (leading nowhere, or to a folder already read).
 */
export function listJsonFiles(dir: string, read: (dir: string) => FolderEntries | undefined = readFolder, skipped?: (link: SkippedLink) => void): string[] {
  const out: string[] = [];
  // Folders entered through a link, by real path, and the folder listed: a link to one of them (a loop, or a
  // folder reached twice) is not followed again.
  const entered = new Set<string>();
  const walk = (d: string): void => {
    const entries = read(d);
    if (!entries) return;
    // `d` is normalized: joined by hand (path.join normalizes again, for each of the game's thousands of files).
    const prefix = d === '.' ? '' : d.endsWith(path.sep) ? d : d + path.sep;
    // (Indexed loops: run for each of a start's files and folders in code not yet optimized, where for-of makes an
    // iterator result a step.)
    const files = entries.files, folders = entries.folders;
    for (let i = 0; i < files.length; i++) out.push(prefix + files[i]);
    if (skipped && entries.brokenLinks) for (const b of entries.brokenLinks) skipped({ path: prefix + b, why: `a link to ${linkTarget(prefix + b)}, which does not exist` });
    for (let i = 0; i < folders.length; i++) {
      const sub = folders[i];
      const p = prefix + sub;
      if (entries.links?.includes(sub)) {
        const target = realPath(p);
        if (target === undefined) continue;
        if (entered.has(target) || isUnderOrSame(realPath(d) ?? d, target)) {
          skipped?.({ path: p, why: `a link to ${target}, a folder read already (${isUnderOrSame(realPath(d) ?? d, target) ? 'it holds this link: a loop' : 'through another link'})` });
          continue;
        }
        if (entered.size === 0) entered.add(realPath(dir) ?? dir);
        entered.add(target);
      }
      walk(p);
    }
  };
  try {
    if (fs.statSync(dir).isFile()) return dir.endsWith('.json') ? [dir] : [];
  } catch { return []; }
  walk(path.normalize(dir));
  return out.sort();
}

/** The folder of the nearest modinfo.json at or above `p`, if any. */
export function enclosingModFolder(p: string): string | undefined {
  let dir = path.resolve(p);
  try { if (fs.statSync(dir).isFile()) dir = path.dirname(dir); } catch { return undefined; }
  for (;;) {
    if (fs.existsSync(path.join(dir, 'modinfo.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** modinfo.json files of the mods directly inside `dir` (one or two levels down), for sibling lookup. */
export function siblingModinfos(dir: string): string[] {
  const out: string[] = [];
  let entries: fs.Dirent[];
  try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return out; }
  for (const e of entries) {
    if (!e.isDirectory() || SKIP_DIRS.has(e.name)) continue;
    const f = path.join(dir, e.name, 'modinfo.json');
    if (fs.existsSync(f)) out.push(f);
  }
  return out.sort();
}

/** True when `p` is `root` or inside it (both absolute and normalized; a plain prefix test, as this is hot). */
export function isUnder(p: string, root: string): boolean {
  if (!p.startsWith(root)) return false;
  return p.length === root.length || p.charCodeAt(root.length) === SEP || root.charCodeAt(root.length - 1) === SEP;
}

const SEP = path.sep.charCodeAt(0);

/** Whether `p` is `folder` or inside it. */
function isUnderOrSame(p: string, folder: string): boolean {
  return p === folder || p.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);
}
