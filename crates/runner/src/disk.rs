//! What a case may write to disk, held exactly: its home becomes a file system of its own, a
//! `tmpfs` of the disk limit's size, mounted in a mount namespace of the case's own (through a
//! user namespace where the grader is not root), so a write beyond the limit fails with "No
//! space left on device", however many files it is spread over, and everything written is gone
//! with the case's last process. The grader sees the file system fill up through the
//! program's `/proc/<pid>/root` and gives the verdict.
//!
//! Where neither namespace can be made ([`support`] says why), the home is a plain folder whose
//! size is added up while the case runs, and the limit can be overshot by what is written
//! between two looks. Either way no single file may grow past the limit (`RLIMIT_FSIZE`).
//!
//! The pages of a `tmpfs` are memory: what a case writes to its home counts towards its memory
//! limit too.

use std::ffi::CString;
use std::fmt;
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::OnceLock;

/// How a case's home is bounded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Support {
    /// The home is a file system of the limit's size.
    OwnFileSystem {
        /// Whether the case needs a user namespace for it (the grader is not root).
        through_user_namespace: bool,
    },
    /// The home's size is looked at while the case runs, for this reason.
    Polled(String),
}

impl fmt::Display for Support {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Support::OwnFileSystem { .. } => f.write_str("disk limited (a tmpfs home)"),
            Support::Polled(why) => write!(
                f,
                "disk limited only by looking at the home's size, which a case may overshoot \
                 by what it writes in 10 ms: {why}"
            ),
        }
    }
}

/// Whether a case's home can be a file system of its own: found out once, by making one in a
/// child process.
pub fn support() -> &'static Support {
    static SUPPORT: OnceLock<Support> = OnceLock::new();
    SUPPORT.get_or_init(|| crate::reaper::while_no_case_starts(probe))
}

/// The file system a case's home is to be, prepared before the program is started so that the
/// child, between `fork` and `exec`, only makes system calls.
#[derive(Debug)]
pub(crate) struct HomeFileSystem {
    home: CString,
    options: CString,
    /// `/proc/self/uid_map` and `gid_map` of the user namespace, when one is needed: the
    /// grader's own ids, mapped to themselves.
    id_maps: Option<(CString, CString)>,
    /// The Landlock rights on the new file system, when the case is confined by Landlock: the
    /// rule on the home folder does not reach a file system mounted on it.
    landlock_access: u64,
}

impl HomeFileSystem {
    /// The file system of `bytes` for `home`, or `None` where [`support`] says there is none,
    /// or for a home without bound (`u64::MAX`), which stays a plain folder.
    pub(crate) fn new(home: &Path, bytes: u64, landlock_access: u64) -> Option<HomeFileSystem> {
        let &Support::OwnFileSystem {
            through_user_namespace,
        } = support()
        else {
            return None;
        };
        if !has_own_file_system(bytes) {
            return None;
        }
        Some(HomeFileSystem {
            home: CString::new(home.as_os_str().as_bytes()).ok()?,
            options: options(bytes),
            id_maps: through_user_namespace.then(id_maps),
            landlock_access,
        })
    }

    /// Makes the file system and mounts it on the home, in the child between `fork` and `exec`;
    /// with `ruleset`, lets the case write in it.
    ///
    /// # Safety
    ///
    /// Called only in a child between `fork` and `exec`, before it is confined by Landlock.
    #[allow(unsafe_code)]
    pub(crate) unsafe fn enter(&self, ruleset: Option<RawFd>) -> io::Result<()> {
        // SAFETY: system calls on strings and a structure prepared before the fork, as the
        // caller promises; nothing is allocated.
        unsafe {
            enter_namespaces(self.id_maps.as_ref())?;
            mount_home(&self.home, &self.options)?;
            if let Some(ruleset) = ruleset {
                allow_beneath(ruleset, &self.home, self.landlock_access)?;
            }
        }
        Ok(())
    }
}

/// Whether a case's home, bounded to `bytes`, is a file system of its own: where [`support`]
/// allows, and the home has a bound.
#[must_use]
pub fn has_own_file_system(bytes: u64) -> bool {
    matches!(support(), Support::OwnFileSystem { .. }) && bytes != u64::MAX
}

/// A case's home file system as the grader sees it, through the program's `/proc/<pid>/root`,
/// open for as long as the case runs.
#[derive(Debug)]
pub(crate) struct MountedHome(OwnedFd);

impl MountedHome {
    /// The home of the program `pid`, at `home` in its mount namespace.
    pub(crate) fn open(pid: u32, home: &Path) -> io::Result<MountedHome> {
        let path = Path::new("/proc")
            .join(pid.to_string())
            .join("root")
            .join(home.strip_prefix("/").unwrap_or(home));
        Ok(MountedHome(File::open(path)?.into()))
    }

    /// Whether it is full: no block or no inode left, so the case was refused a write.
    pub(crate) fn is_full(&self) -> bool {
        // SAFETY: fstatfs(2) fills in the zeroed structure, which lives across the call.
        #[allow(unsafe_code)]
        let stat = unsafe {
            let mut stat: libc::statfs = std::mem::zeroed();
            (libc::fstatfs(self.0.as_raw_fd(), &raw mut stat) == 0).then_some(stat)
        };
        stat.is_some_and(|stat| stat.f_bfree == 0 || stat.f_ffree == 0)
    }
}

/// The mount options of a home of `bytes`: as many inodes as 4 KiB pages, and at least 1024.
fn options(bytes: u64) -> CString {
    let inodes = (bytes / 4096).max(1024);
    CString::new(format!("size={bytes},nr_inodes={inodes},mode=0700")).unwrap_or_default()
}

/// The grader's own user and group ids, each mapped to itself.
fn id_maps() -> (CString, CString) {
    // SAFETY: getuid(2) and getgid(2) cannot fail.
    #[allow(unsafe_code)]
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    let map = |id: u32| CString::new(format!("{id} {id} 1")).unwrap_or_default();
    (map(uid), map(gid))
}

/// Enters a new mount namespace, through a new user namespace with `id_maps` when given, and
/// stops its mounts from reaching the namespace it came from.
///
/// # Safety
///
/// Only in a single-threaded process: a child after `fork`.
#[allow(unsafe_code)]
unsafe fn enter_namespaces(id_maps: Option<&(CString, CString)>) -> io::Result<()> {
    // SAFETY: unshare(2), open(2), write(2), close(2) and mount(2) on constant or prepared
    // strings.
    unsafe {
        match id_maps {
            Some((uid_map, gid_map)) => {
                // The grader hides its `/proc` entries from its cases, and its child inherits
                // that until `exec`, which ends it anyway: without this, its own `uid_map`
                // would be root's to write.
                check(libc::prctl(libc::PR_SET_DUMPABLE, 1, 0, 0, 0))?;
                check(libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNS))?;
                write_file(c"/proc/self/setgroups", c"deny")?;
                write_file(c"/proc/self/uid_map", uid_map)?;
                write_file(c"/proc/self/gid_map", gid_map)?;
            }
            None => check(libc::unshare(libc::CLONE_NEWNS))?,
        }
        check(libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            std::ptr::null(),
        ))
    }
}

/// Mounts a `tmpfs` with `options` on `home`.
///
/// # Safety
///
/// In a mount namespace of the caller's own.
#[allow(unsafe_code)]
unsafe fn mount_home(home: &CString, options: &CString) -> io::Result<()> {
    // SAFETY: mount(2) on prepared strings.
    unsafe {
        check(libc::mount(
            c"tmpfs".as_ptr(),
            home.as_ptr(),
            c"tmpfs".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV,
            options.as_ptr().cast(),
        ))
    }
}

/// Adds to Landlock `ruleset` the rule that allows `access` beneath `folder`.
///
/// # Safety
///
/// Only system calls: safe between `fork` and `exec`.
#[allow(unsafe_code)]
unsafe fn allow_beneath(ruleset: RawFd, folder: &CString, access: u64) -> io::Result<()> {
    /// `struct landlock_path_beneath_attr`, packed as the kernel's is.
    #[repr(C, packed)]
    struct PathBeneath {
        allowed_access: u64,
        parent_fd: i32,
    }
    const LANDLOCK_RULE_PATH_BENEATH: libc::c_int = 1;
    // SAFETY: open(2), landlock_add_rule(2) on a structure on the stack, close(2).
    unsafe {
        let fd = libc::open(
            folder.as_ptr(),
            libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
        );
        check(fd)?;
        let rule = PathBeneath {
            allowed_access: access,
            parent_fd: fd,
        };
        let added = libc::syscall(
            libc::SYS_landlock_add_rule,
            ruleset,
            LANDLOCK_RULE_PATH_BENEATH,
            &raw const rule,
            0,
        );
        libc::close(fd);
        if added != 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// Writes `text` to the file at `path`.
///
/// # Safety
///
/// Only system calls: safe between `fork` and `exec`.
#[allow(unsafe_code)]
unsafe fn write_file(path: &std::ffi::CStr, text: &std::ffi::CStr) -> io::Result<()> {
    // SAFETY: open(2), write(2) and close(2) on prepared strings.
    unsafe {
        let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        check(fd)?;
        let bytes = text.to_bytes();
        let written = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
        libc::close(fd);
        if usize::try_from(written).ok() != Some(bytes.len()) {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// The error of a system call that returned a negative number.
fn check(result: libc::c_int) -> io::Result<()> {
    if result < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

/// Makes a home file system in a child process, as a case's is made: as root with a mount
/// namespace alone, else through a user namespace.
fn probe() -> Support {
    let folder = match tempfile::tempdir() {
        Ok(folder) => folder,
        Err(error) => return Support::Polled(format!("no folder to try it in ({error})")),
    };
    let Some(home) = CString::new(folder.path().as_os_str().as_bytes()).ok() else {
        return Support::Polled("the temporary folder's path holds a NUL".to_owned());
    };
    let options = options(1 << 20);
    let mut why = String::new();
    for id_maps in [None, Some(id_maps())] {
        match try_in_child(&home, &options, id_maps.as_ref()) {
            Ok(()) => {
                return Support::OwnFileSystem {
                    through_user_namespace: id_maps.is_some(),
                };
            }
            Err(error) => why = error,
        }
    }
    Support::Polled(format!("no mount namespace can be made here ({why})"))
}

/// Makes the namespaces and mounts a home file system in a child process, which then ends.
fn try_in_child(
    home: &CString,
    options: &CString,
    id_maps: Option<&(CString, CString)>,
) -> Result<(), String> {
    // SAFETY: the child only makes system calls and ends with _exit(2); the parent waits for
    // it with waitpid(2) on a status on the stack.
    #[allow(unsafe_code)]
    unsafe {
        match libc::fork() {
            -1 => Err(format!("fork: {}", io::Error::last_os_error())),
            0 => {
                let made = enter_namespaces(id_maps).and_then(|()| mount_home(home, options));
                libc::_exit(match made {
                    Ok(()) => 0,
                    Err(error) => error.raw_os_error().unwrap_or(255).clamp(1, 255),
                });
            }
            child => {
                let mut status = 0;
                if libc::waitpid(child, &raw mut status, 0) != child {
                    return Err(format!("waitpid: {}", io::Error::last_os_error()));
                }
                match libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)) {
                    Some(0) => Ok(()),
                    Some(errno) => Err(io::Error::from_raw_os_error(errno).to_string()),
                    None => Err("the trial ended by a signal".to_owned()),
                }
            }
        }
    }
}
