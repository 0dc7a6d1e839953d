//! The sandbox a case runs in, built without privileges from Linux's Landlock: the program may
//! read and run whatever the user may, except the hidden paths (the fixtures, and whatever the
//! grader writes); it may write only to a fresh temporary folder of its own (its `HOME` and
//! `TMPDIR`) and `/dev/null`; it may not open TCP connections, signal processes outside the
//! sandbox, or reach abstract UNIX sockets outside it; and it starts with a cleared environment.
//!
//! A case is confined by two Landlock layers: what it may read and run, the same for every case
//! of a grading run and so made once, and what it may write, made for each case (its own
//! folder). Landlock only allows, so "everything but the hidden paths" is written as one rule
//! for each entry beside a hidden path and beside each folder on the way to it; the folders on
//! the way may be listed (a rule that lets a folder be listed lets every folder beneath it be,
//! so the names of the hidden files can be listed too, though not read), and no entry that
//! leads into a hidden path or to a folder above one (a symbolic link) gets a rule.
//!
//! What it does not stop, by design or because Landlock cannot: reading `/proc` entries that
//! every user may read (another process's command line, say), UDP and other non-TCP network use,
//! using CPU (the time limit bounds a case; memory, processes and disk are bounded by
//! [`crate::cgroup`] and the process's own limits), and reading a hidden file through a hard link
//! made before grading.

use std::collections::{HashMap, HashSet};
use std::ffi::OsString;
use std::fmt;
use std::fs;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use landlock::{
    ABI, Access, AccessFs, AccessNet, Ruleset, RulesetAttr, RulesetCreatedAttr, Scope,
    path_beneath_rules,
};
use tempfile::TempDir;

use crate::cgroup::Pool;
use crate::disk::HomeFileSystem;
use crate::mutex::lock;
use crate::scratch::Scratch;
use crate::slots::Slots;

/// The newest Landlock ABI asked for; an older kernel enforces what it knows of it.
const ABI_WANTED: ABI = ABI::V7;

/// The only variables a case's environment holds, whatever the grader's holds: `PATH` (the
/// grader's), `HOME` and `TMPDIR` (the case's own folder), `LANG` (`C.UTF-8`) and `TERM`
/// (`dumb`), and under a memory limit those that size a runtime's heap to it
/// ([`crate::runtime`]). Nothing else of the caller's shell reaches it: `PYTHONUNBUFFERED`, say,
/// would make a program that never flushes its prompt pass where it fails elsewhere.
pub const CASE_VARIABLES: &[&str] = &["PATH", "HOME", "TMPDIR", "LANG", "TERM"];

/// The files a case may write besides its own folder.
const WRITABLE_FILES: &[&str] = &["/dev/null"];

/// Whether cases are sandboxed, and if not why: for the report's first line and the JSON.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Support {
    /// Cases run in the sandbox, under this Landlock ABI of the kernel.
    Enforced {
        /// The kernel's Landlock ABI version.
        abi: i64,
    },
    /// Cases run without the sandbox, for this reason.
    Off(String),
}

impl fmt::Display for Support {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Support::Enforced { abi } => write!(f, "sandboxed (Landlock ABI {abi})"),
            Support::Off(why) => write!(f, "not sandboxed: {why}"),
        }
    }
}

/// The sandbox of every case of a grading run: what may be read, decided once.
#[derive(Debug)]
pub struct Sandbox {
    /// What it hides, resolved, for [`Sandbox::revealing`].
    hidden: Arc<Hidden>,
    readable: Vec<PathBuf>,
    /// The folders walked on the way to a hidden path: listable, their files readable by their
    /// own rules.
    listable: Vec<PathBuf>,
    path: OsString,
    support: Support,
    /// Whether each case gets a folder of its own and the cleared environment: always, but for
    /// [`Sandbox::off`], even where the kernel cannot enforce the rest, so that a program sees
    /// the same variables wherever it is graded.
    own_folder: bool,
    /// The homes of cases that have ended that the next ones may have: dropped before the
    /// folder that holds them.
    homes: Homes,
    /// The folder that holds every case's home, made when the first case starts, and the
    /// ruleset of what every case may read, made with it (`None` where Landlock enforces
    /// nothing).
    scratch: Mutex<Option<(Scratch, Option<Arc<OwnedFd>>)>>,
    /// What it shares with other sandboxes: the control groups of cases that have ended, for
    /// the next ones, and the slots its cases run in.
    shared: Shared,
}

/// What the sandboxes of one grading run share, each submission of a class in a sandbox of its
/// own: the control groups of cases that have ended, so that a whole class uses the same few
/// groups, and the slots cases run in, so that no more cases run at once than there are cores,
/// however many submissions are graded side by side. Clones share both.
#[derive(Clone, Debug, Default)]
pub struct Shared {
    groups: Pool,
    slots: Slots,
}

impl Shared {
    /// What is shared, cases running in `slots`.
    #[must_use]
    pub fn new(slots: Slots) -> Shared {
        Shared {
            groups: Pool::default(),
            slots,
        }
    }
}

impl Sandbox {
    /// A sandbox that hides `hidden` (files or folders; those that do not exist yet are hidden
    /// too, since nothing new is readable) from every case. Where the kernel has no Landlock,
    /// the cases will run without it, and [`Sandbox::support`] says so.
    #[must_use]
    pub fn new(hidden: &[PathBuf]) -> Sandbox {
        let support = match kernel_abi() {
            abi if abi >= 1 => Support::Enforced { abi },
            _ => Support::Off("this kernel does not offer Landlock".to_owned()),
        };
        let hidden = Hidden::new(hidden);
        let (readable, listable) = hidden.readable_beneath(Path::new("/"));
        Sandbox {
            hidden: Arc::new(hidden),
            readable,
            listable,
            path: std::env::var_os("PATH")
                .unwrap_or_else(|| OsString::from("/usr/local/bin:/usr/bin:/bin")),
            support,
            own_folder: true,
            homes: Homes::default(),
            scratch: Mutex::new(None),
            shared: Shared::default(),
        }
    }

    /// A sandbox that does nothing but say why: cases run as the grader does, with its whole
    /// environment (a build, say, which needs its toolchain's variables).
    #[must_use]
    pub fn off(why: impl Into<String>) -> Sandbox {
        Sandbox {
            hidden: Arc::default(),
            readable: Vec::new(),
            listable: Vec::new(),
            path: OsString::new(),
            support: Support::Off(why.into()),
            own_folder: false,
            homes: Homes::default(),
            scratch: Mutex::new(None),
            shared: Shared::default(),
        }
    }

    /// This sandbox but for `folder`, one of its hidden folders, which its cases may read
    /// (what is hidden inside it stays hidden): one submission's sandbox in a class whose
    /// sandbox hides every submission's folder, made without looking at the others again. It
    /// shares what this one shares; a folder this one does not hide changes nothing.
    #[must_use]
    pub fn revealing(&self, folder: &Path) -> Sandbox {
        let (mut readable, mut listable) = (self.readable.clone(), self.listable.clone());
        if let Ok(folder) = fs::canonicalize(folder)
            && self.hidden.paths.contains(&folder)
        {
            let (more_readable, more_listable) = self.hidden.readable_beneath(&folder);
            readable.extend(more_readable);
            listable.extend(more_listable);
        }
        Sandbox {
            hidden: Arc::clone(&self.hidden),
            readable,
            listable,
            path: self.path.clone(),
            support: self.support.clone(),
            own_folder: self.own_folder,
            homes: Homes::default(),
            scratch: Mutex::new(None),
            shared: self.shared.clone(),
        }
    }

    /// The sandbox sharing `shared` with the other sandboxes that do.
    #[must_use]
    pub fn sharing(self, shared: &Shared) -> Sandbox {
        Sandbox {
            shared: shared.clone(),
            ..self
        }
    }

    /// Where the control groups of its cases are kept between cases.
    #[must_use]
    pub fn groups(&self) -> &Pool {
        &self.shared.groups
    }

    /// The slots its cases run in, one a case.
    #[must_use]
    pub fn slots(&self) -> &Slots {
        &self.shared.slots
    }

    /// Whether the cases are sandboxed.
    #[must_use]
    pub fn support(&self) -> &Support {
        &self.support
    }

    /// The sandbox of one case, with a folder of its own that no program has seen (made for
    /// it, or kept from a case whose program never saw it) and the cleared environment,
    /// confined by Landlock where the kernel offers it; `None` for [`Sandbox::off`].
    ///
    /// # Errors
    ///
    /// When the folder or the Landlock ruleset cannot be made: a failure of the grader's own
    /// resources, never of the program graded.
    pub fn for_case(&self) -> io::Result<Option<CaseSandbox>> {
        if !self.own_folder {
            return Ok(None);
        }
        let (home, reading) = {
            let mut scratch = lock(&self.scratch);
            let (scratch, reading) = match scratch.take() {
                Some(made) => scratch.insert(made),
                None => {
                    let made = Scratch::new()?;
                    let reading = match self.support {
                        Support::Enforced { .. } => {
                            reading_ruleset(&self.readable, &self.listable, made.path())
                                .map_err(io::Error::other)?
                                .map(Arc::new)
                        }
                        Support::Off(_) => None,
                    };
                    scratch.insert((made, reading))
                }
            };
            let kept = lock(&self.homes).pop();
            let home = match kept {
                Some(home) => home,
                None => {
                    let folder = scratch.case_home()?;
                    let writing = match &reading {
                        Some(_) => writing_ruleset(folder.path()).map_err(io::Error::other)?,
                        None => None,
                    };
                    Home { folder, writing }
                }
            };
            (home, reading.clone())
        };
        let write_access = match (&self.support, &home.writing) {
            // The rights of the ABI asked for that the kernel's knows.
            (&Support::Enforced { abi }, Some(_)) => AccessFs::from_write(ABI::from(
                i32::try_from(abi.min(ABI_WANTED as i64)).unwrap_or_default(),
            ))
            .bits(),
            _ => 0,
        };
        Ok(Some(CaseSandbox {
            home: Some(home),
            reading,
            write_access,
            path: self.path.clone(),
            unseen: AtomicBool::new(false),
            homes: Arc::clone(&self.homes),
        }))
    }
}

/// A case's home: its folder, and the ruleset of what may be written in it, where Landlock
/// enforces one.
#[derive(Debug)]
struct Home {
    folder: TempDir,
    writing: Option<OwnedFd>,
}

/// Homes of cases that have ended, for the next cases of the same sandbox.
type Homes = Arc<Mutex<Vec<Home>>>;

/// The sandbox of one case: its own folder, and the rulesets the program is confined by.
#[derive(Debug)]
pub struct CaseSandbox {
    /// Taken out when the case is over.
    home: Option<Home>,
    /// What every case may read.
    reading: Option<Arc<OwnedFd>>,
    /// The rights the writing ruleset's rule on the home gives, as the kernel takes them.
    write_access: u64,
    path: OsString,
    /// Whether the program never saw the home's folder: a file system was mounted on it before
    /// the program started, and Landlock keeps it from unmounting that (or never started).
    unseen: AtomicBool,
    /// Where its home goes when the case is over, if the next case may have it.
    homes: Homes,
}

impl Drop for CaseSandbox {
    fn drop(&mut self) {
        // A folder the program never saw is as new: it is spared removing and making again,
        // which costs a file system such as ext4 more than starting a small program.
        if let Some(home) = self.home.take()
            && self.unseen.load(Ordering::Relaxed)
        {
            lock(&self.homes).push(home);
        }
    }
}

impl CaseSandbox {
    /// The case's own folder, the only one it may write to; removed with this value, or kept
    /// for another case of the same sandbox if the program never saw it.
    #[must_use]
    pub fn home(&self) -> &Path {
        self.home
            .as_ref()
            .map_or(Path::new(""), |home| home.folder.path())
    }

    /// Confines the program `command` starts: a cleared environment ([`CASE_VARIABLES`]: `PATH`
    /// as the grader's, `HOME` and `TMPDIR` the case's folder, `LANG`, `TERM`), its folder a
    /// file system of `disk` bytes where [`crate::disk::support`] allows, and the Landlock
    /// rulesets where there are, applied in the child between `fork` and `exec`. The rulesets
    /// are owned by `self`, which must live until the program has been started.
    pub fn confine(&self, command: &mut Command, disk: u64) {
        command
            .env_clear()
            .env("PATH", &self.path)
            .env("HOME", self.home())
            .env("TMPDIR", self.home())
            .env("LANG", "C.UTF-8")
            .env("TERM", "dumb");
        let writing = self.home.as_ref().and_then(|home| home.writing.as_ref());
        let rulesets = self
            .reading
            .as_ref()
            .zip(writing)
            .map(|(reading, writing)| (reading.as_raw_fd(), writing.as_raw_fd()));
        let file_system = HomeFileSystem::new(self.home(), disk, self.write_access);
        if rulesets.is_none() && file_system.is_none() {
            return;
        }
        self.unseen.store(
            rulesets.is_some() && file_system.is_some(),
            Ordering::Relaxed,
        );
        // SAFETY: between fork and exec only async-signal-safe calls are allowed: these are raw
        // system calls on integers and on what `HomeFileSystem` prepared, with no allocation.
        // The ruleset descriptors are open in the child (they close on exec) because `self`
        // outlives the spawn.
        #[allow(unsafe_code)]
        unsafe {
            command.pre_exec(move || {
                if let Some(file_system) = &file_system {
                    file_system.enter(rulesets.map(|(_, writing)| writing))?;
                }
                let Some((reading, writing)) = rulesets else {
                    return Ok(());
                };
                if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0
                    || libc::syscall(libc::SYS_landlock_restrict_self, reading, 0) != 0
                    || libc::syscall(libc::SYS_landlock_restrict_self, writing, 0) != 0
                {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
}

/// The kernel's Landlock ABI version, or 0 (or less) when it offers none.
fn kernel_abi() -> i64 {
    const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;
    // SAFETY: with a null attribute, size 0 and the version flag, the call only returns the
    // version number; it reads and writes no memory.
    #[allow(unsafe_code)]
    let version = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0_usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    version
}

/// The ruleset of what every case may read and run: `readable`, the folders `listable` (their
/// entries listed), `scratch` (the folder of the cases' homes, and so each home) and
/// `/dev/null`. It handles only the rights to read, list and run: what a case may write is the
/// other ruleset's. `None` if the kernel enforces nothing after all.
fn reading_ruleset(
    readable: &[PathBuf],
    listable: &[PathBuf],
    scratch: &Path,
) -> Result<Option<OwnedFd>, landlock::RulesetError> {
    let read = AccessFs::from_read(ABI_WANTED);
    let created = Ruleset::default()
        .handle_access(read)?
        .create()?
        .add_rules(path_beneath_rules(readable, read))?
        .add_rules(path_beneath_rules(listable, AccessFs::ReadDir))?
        .add_rules(path_beneath_rules([scratch], read))?
        .add_rules(path_beneath_rules(WRITABLE_FILES, AccessFs::ReadFile))?;
    Ok(created.into())
}

/// The ruleset of what one case may write: everything in `home`, and `/dev/null`; and no TCP,
/// no signals or abstract sockets beyond the sandbox. `None` if the kernel enforces nothing
/// after all.
fn writing_ruleset(home: &Path) -> Result<Option<OwnedFd>, landlock::RulesetError> {
    let write = AccessFs::from_write(ABI_WANTED);
    let created = Ruleset::default()
        .handle_access(write)?
        .handle_access(AccessNet::from_all(ABI_WANTED))?
        .scope(Scope::from_all(ABI_WANTED))?
        .create()?
        .add_rules(path_beneath_rules([home], write))?
        .add_rules(path_beneath_rules(WRITABLE_FILES, AccessFs::WriteFile))?;
    Ok(created.into())
}

/// The paths a sandbox hides, resolved, and the folders on the way to them.
#[derive(Debug, Default)]
struct Hidden {
    paths: HashSet<PathBuf>,
    on_the_way: HashSet<PathBuf>,
}

impl Hidden {
    fn new(paths: &[PathBuf]) -> Hidden {
        let paths: HashSet<PathBuf> = resolved(paths).into_iter().collect();
        let on_the_way = paths
            .iter()
            .flat_map(|path| path.ancestors().skip(1))
            .map(Path::to_owned)
            .collect();
        Hidden { paths, on_the_way }
    }

    /// Everything beneath the folder `top` a case may read: `top` itself when nothing hidden is
    /// beneath it; else every entry of `top` and of each folder on the way to a hidden path,
    /// except the hidden paths, the folders on the way (which are walked instead), and any
    /// entry that resolves into a hidden path or to a folder above one. Then the folders
    /// walked, which may be listed.
    fn readable_beneath(&self, top: &Path) -> (Vec<PathBuf>, Vec<PathBuf>) {
        if !self.on_the_way.contains(top) {
            return (vec![top.to_owned()], Vec::new());
        }
        // `top` may be hidden itself: a folder revealed, whose links into it are no leak.
        let hides = |path: &Path| path != top && self.paths.contains(path);
        let mut readable = Vec::new();
        let mut listable = Vec::new();
        let mut folders = vec![top.to_owned()];
        while let Some(folder) = folders.pop() {
            let Ok(entries) = fs::read_dir(&folder) else {
                continue;
            };
            listable.push(folder);
            for entry in entries.flatten() {
                let path = entry.path();
                if hides(&path) {
                    continue;
                }
                if self.on_the_way.contains(&path) {
                    folders.push(path);
                    continue;
                }
                // A link that leads to a hidden path, into one, or above one gets no rule.
                let Ok(target) = fs::canonicalize(&path) else {
                    continue;
                };
                let reveals = target.ancestors().any(hides) || self.on_the_way.contains(&target);
                if !reveals {
                    readable.push(path);
                }
            }
        }
        readable.sort();
        listable.sort();
        (readable, listable)
    }
}

/// Each of `paths` made absolute with every link resolved; one that does not exist yet is
/// resolved through its parent, and left out when not even the parent exists. Each parent is
/// resolved once, and an entry in it that is no link is its resolved parent joined with its
/// name: a class's submissions, hidden from each other, share one parent.
fn resolved(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut parents: HashMap<&Path, Option<PathBuf>> = HashMap::new();
    paths
        .iter()
        .filter_map(|path| {
            let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
                return fs::canonicalize(path).ok();
            };
            let parent = parents
                .entry(parent)
                .or_insert_with(|| {
                    let parent = if parent.as_os_str().is_empty() {
                        Path::new(".")
                    } else {
                        parent
                    };
                    fs::canonicalize(parent).ok()
                })
                .as_ref()?
                .join(name);
            match fs::symlink_metadata(path) {
                Ok(meta) if meta.file_type().is_symlink() => {
                    Some(fs::canonicalize(path).unwrap_or(parent))
                }
                _ => Some(parent),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// What a case of a sandbox hiding `hidden` may read, and list.
    fn readable_paths(hidden: &[PathBuf]) -> (Vec<PathBuf>, Vec<PathBuf>) {
        Hidden::new(hidden).readable_beneath(Path::new("/"))
    }

    /// Runs `script` in `case`'s sandbox, its home bounded to `disk` bytes, to its end.
    fn run_in(case: &CaseSandbox, disk: u64, script: &str) {
        let mut command = Command::new("/bin/sh");
        command.args(["-c", script]);
        case.confine(&mut command, disk);
        // Registered, so that no other test's hunt for escapees takes it.
        let (mut shell, _case) = crate::reaper::spawn(&mut command).expect("sh starts");
        let status = shell.wait().expect("it ends");
        assert!(status.success(), "{status}");
    }

    /// A home that had a file system of its own mounted on it, in Landlock's sandbox, is given
    /// to the next case; one the program wrote in is not.
    #[test]
    fn a_home_is_kept_only_when_its_program_never_saw_it() {
        let sandbox = Sandbox::new(&[]);
        let mounted = matches!(
            crate::disk::support(),
            crate::disk::Support::OwnFileSystem { .. }
        ) && matches!(sandbox.support(), Support::Enforced { .. });
        let first = sandbox.for_case().expect("a sandbox").expect("a home");
        let home = first.home().to_owned();
        run_in(&first, 1 << 20, "echo one > \"$HOME/file\"");
        drop(first);
        assert!(fs::read_dir(&home).is_ok_and(|mut entries| entries.next().is_none()));
        let second = sandbox.for_case().expect("a sandbox").expect("a home");
        assert_eq!(second.home() == home, mounted, "{home:?}");
        // Written in a plain folder: made anew for the next case.
        run_in(&second, u64::MAX, "echo two > \"$HOME/file\"");
        let seen = second.home().to_owned();
        drop(second);
        assert!(!seen.exists(), "{seen:?} left");
        let third = sandbox.for_case().expect("a sandbox").expect("a home");
        assert_ne!(third.home(), seen);
    }

    #[test]
    fn everything_is_readable_but_the_hidden_paths_and_what_leads_into_them() {
        let root = tempfile::tempdir().expect("a temporary folder");
        let root = fs::canonicalize(root.path()).expect("resolved");
        let (work, fixtures) = (root.join("work"), root.join("work/fixtures"));
        fs::create_dir_all(fixtures.join("stage3")).expect("folders");
        fs::create_dir_all(root.join("work/stages")).expect("folders");
        fs::write(root.join("work/Cargo.toml"), "").expect("a file");
        fs::write(root.join("other"), "").expect("a file");
        symlink(&fixtures, work.join("sneaky")).expect("a link into the hidden folder");
        symlink(&root, work.join("up")).expect("a link above the hidden folder");
        let json = work.join("results.json");

        let (readable, listable) = readable_paths(&[fixtures.clone(), json.clone()]);
        for allowed in [
            root.join("other"),
            work.join("Cargo.toml"),
            work.join("stages"),
        ] {
            assert!(readable.contains(&allowed), "{allowed:?} in {readable:?}");
        }
        for denied in [
            &fixtures,
            &json,
            &work,
            &root,
            &work.join("sneaky"),
            &work.join("up"),
        ] {
            assert!(!readable.contains(denied), "{denied:?} in {readable:?}");
        }
        assert!(
            !readable.iter().any(|path| path.starts_with(&fixtures)),
            "{readable:?}"
        );
        assert!(readable.contains(&PathBuf::from("/usr")), "{readable:?}");
        // The folders above the hidden ones are listed, never read whole.
        for folder in [&work, &root, &PathBuf::from("/")] {
            assert!(listable.contains(folder), "{folder:?} in {listable:?}");
        }
        assert!(!listable.contains(&fixtures), "{listable:?}");
        assert_eq!(readable_paths(&[]), (vec![PathBuf::from("/")], Vec::new()));

        // A hidden path given through a link hides what it leads to.
        symlink(work.join("stages"), root.join("stages-link")).expect("a link");
        let (readable, _) = readable_paths(&[root.join("stages-link")]);
        assert!(readable.contains(&work.join("Cargo.toml")), "{readable:?}");
        assert!(!readable.contains(&work.join("stages")), "{readable:?}");
        assert!(
            !readable.contains(&root.join("stages-link")),
            "{readable:?}"
        );
    }

    /// A class's sandbox hides every submission's folder; each submission's reveals its own,
    /// whole, or walked when something hidden (its results file) is inside it, and never
    /// another's.
    #[test]
    fn a_revealed_folder_is_readable_but_what_is_hidden_inside_it() {
        let root = tempfile::tempdir().expect("a temporary folder");
        let class = fs::canonicalize(root.path())
            .expect("resolved")
            .join("class");
        let (ann, bob) = (class.join("ann"), class.join("bob"));
        for folder in [&ann, &bob] {
            fs::create_dir_all(folder).expect("a folder");
            fs::write(folder.join("main.py"), "").expect("a file");
        }
        symlink(bob.join("main.py"), ann.join("bobs.py")).expect("a link to another's file");
        let sandbox = Sandbox::new(&[ann.clone(), bob.clone(), ann.join("results.json")]);
        // What a sandbox lets be read in the class's folder.
        let in_class = |sandbox: &Sandbox| -> Vec<PathBuf> {
            sandbox
                .readable
                .iter()
                .filter(|path| path.starts_with(&class))
                .cloned()
                .collect()
        };
        assert_eq!(in_class(&sandbox), Vec::<PathBuf>::new());

        let anns = sandbox.revealing(&ann);
        assert_eq!(
            in_class(&anns),
            [ann.join("main.py")],
            "{:?}",
            anns.readable
        );
        assert!(anns.listable.contains(&ann), "{:?}", anns.listable);
        assert!(!anns.listable.contains(&bob), "{:?}", anns.listable);

        let bobs = sandbox.revealing(&bob);
        assert_eq!(in_class(&bobs), vec![bob], "{:?}", bobs.readable);
        // A folder it does not hide changes nothing.
        let outside = sandbox.revealing(root.path());
        assert_eq!(outside.readable, sandbox.readable);
        assert_eq!(outside.listable, sandbox.listable);
    }
}
