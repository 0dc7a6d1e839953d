//! The grader's own folder in the temporary folder, holding the home of every case it runs, so
//! that nothing is left there whatever ends the grader: the folder is removed when grading is
//! over, by the signal handler when a signal stops the grader ([`remove_all`]), and, when the
//! grader was killed outright, by the next grader that starts: a `grade-*` folder whose lock no
//! process holds any more belongs to a grader that is gone, and so does a `.grade-new-*` folder
//! (one being made) older than a minute.

use std::env;
use std::fs::{self, File};
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use tempfile::TempDir;

/// How a grader's folder is named in the temporary folder.
const PREFIX: &str = "grade-";
/// How it is named while it is being made, before its lock is taken.
const MAKING: &str = ".grade-new-";
/// How long a folder being made may take before a sweep takes it for one a grader killed
/// while making it left: a folder is made, locked and renamed in well under a second.
const MAKING_AT_MOST: Duration = Duration::from_secs(60);
/// The file in it that its grader holds a lock on for as long as it runs.
const LOCK: &str = ".lock";

/// The folders of the graders of this process, removed at once when a signal stops it.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    crate::mutex::lock(&LIVE)
}

/// A grader's folder, removed with this value.
#[derive(Debug)]
pub struct Scratch {
    path: PathBuf,
    /// Locked for as long as the folder is in use; closed by `exec`, so no case holds it.
    _lock: File,
}

impl Scratch {
    /// A new folder in the temporary folder, after removing those that graders killed outright
    /// left behind.
    ///
    /// # Errors
    ///
    /// When the folder or its lock cannot be made.
    pub fn new() -> io::Result<Scratch> {
        let temp = env::temp_dir();
        sweep(&temp);
        // Made under another name and locked before it is renamed, so that no other grader's
        // sweep ever sees it unlocked.
        let making = tempfile::Builder::new().prefix(MAKING).tempdir_in(&temp)?;
        let lock = File::create(making.path().join(LOCK))?;
        if !try_lock(&lock) {
            return Err(io::Error::last_os_error());
        }
        let made = making.keep();
        let suffix = made
            .file_name()
            .map(|name| name.to_string_lossy().replace(MAKING, ""))
            .unwrap_or_default();
        let path = temp.join(format!("{PREFIX}{suffix}"));
        if let Err(error) = fs::rename(&made, &path) {
            remove(&made);
            return Err(error);
        }
        live().push(path.clone());
        Ok(Scratch { path, _lock: lock })
    }

    /// A fresh folder for one case, removed with the value returned.
    ///
    /// # Errors
    ///
    /// When it cannot be made.
    pub fn case_home(&self) -> io::Result<TempDir> {
        tempfile::Builder::new()
            .prefix("case-")
            .tempdir_in(&self.path)
    }

    /// The folder.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        live().retain(|path| *path != self.path);
        remove(&self.path);
    }
}

/// Removes the folders of every grader of this process: for a process that a signal is ending,
/// once its cases are dead.
pub fn remove_all() {
    for path in live().drain(..) {
        remove(&path);
    }
}

/// Removes the folders of graders that are gone from `temp`: those of this user whose lock can
/// be taken, and those a grader killed while making its folder left (a folder being made for
/// longer than [`MAKING_AT_MOST`], whose lock, if it has one, no one holds).
fn sweep(temp: &Path) {
    let Ok(entries) = fs::read_dir(temp) else {
        return;
    };
    // SAFETY: getuid(2) cannot fail and touches no memory.
    #[allow(unsafe_code)]
    let uid = unsafe { libc::getuid() };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        // Only a grader's folder is looked at: the temporary folder holds everyone's files.
        if !(name.starts_with(PREFIX) || name.starts_with(MAKING)) {
            continue;
        }
        let path = entry.path();
        let Ok(meta) = fs::symlink_metadata(&path) else {
            continue;
        };
        let ours = {
            use std::os::unix::fs::MetadataExt;
            meta.is_dir() && meta.uid() == uid
        };
        if !ours {
            continue;
        }
        if name.starts_with(PREFIX) {
            // A folder without its lock is not a grader's folder, or one being removed.
            if let Ok(lock) = File::open(path.join(LOCK))
                && try_lock(&lock)
            {
                remove(&path);
            }
            continue;
        }
        // A folder being made: left half made once it is older than making one can take.
        let made_long_ago = meta
            .modified()
            .ok()
            .and_then(|made| made.elapsed().ok())
            .is_some_and(|age| age > MAKING_AT_MOST);
        if made_long_ago && File::open(path.join(LOCK)).map_or(true, |lock| try_lock(&lock)) {
            remove(&path);
        }
    }
}

/// Takes an exclusive lock on `file` if no one holds one.
fn try_lock(file: &File) -> bool {
    // SAFETY: flock(2) on a descriptor that `file` keeps open; it touches no memory.
    #[allow(unsafe_code)]
    let locked = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    locked == 0
}

/// Removes the folder `path` and everything in it, folders a case made unreadable or
/// unwritable included, and its lock last: a grader stopped on the way leaves a folder that
/// still has its lock, which the next grader sweeps. What cannot be removed is left.
pub(crate) fn remove(path: &Path) {
    if !empty_but_lock(path) {
        open_up(path);
        empty_but_lock(path);
    }
    let _ = fs::remove_file(path.join(LOCK));
    if fs::remove_dir(path).is_err() {
        // A case's home made while the folder was being emptied (a case starting as a signal
        // stops the grader): without its lock no sweep would take the folder, so once more.
        open_up(path);
        let _ = fs::remove_dir_all(path);
    }
}

/// Removes everything in the folder `path` but its lock; whether it all went.
fn empty_but_lock(path: &Path) -> bool {
    let Ok(entries) = fs::read_dir(path) else {
        return false;
    };
    let mut emptied = true;
    for entry in entries.flatten() {
        if entry.file_name() == LOCK {
            continue;
        }
        let removed = match entry.file_type() {
            Ok(kind) if kind.is_dir() => fs::remove_dir_all(entry.path()),
            _ => fs::remove_file(entry.path()),
        };
        emptied &= removed.is_ok();
    }
    emptied
}

/// Makes every folder under `path` (itself included) readable, writable and searchable by its
/// owner, so that it can be emptied.
fn open_up(path: &Path) {
    let _ = fs::set_permissions(path, fs::Permissions::from_mode(0o700));
    let Ok(entries) = fs::read_dir(path) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            open_up(&entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_removed_when_dropped_and_swept_when_its_grader_is_gone() {
        let scratch = Scratch::new().expect("a folder");
        let home = scratch.case_home().expect("a case's folder");
        let locked = fs::create_dir_all(home.path().join("locked/deeper")).and_then(|()| {
            fs::set_permissions(
                home.path().join("locked"),
                fs::Permissions::from_mode(0o000),
            )
        });
        locked.expect("a folder its case closed");
        let path = scratch.path().to_owned();
        assert!(path.starts_with(env::temp_dir()), "{path:?}");
        // Another grader sees it locked, and leaves it.
        sweep(&env::temp_dir());
        assert!(path.is_dir());
        std::mem::forget(home);
        drop(scratch);
        assert!(!path.exists(), "{path:?} left");

        // A grader killed outright leaves its folder, unlocked: the next one removes it.
        let orphan = env::temp_dir().join(format!("{PREFIX}orphan-{}", std::process::id()));
        fs::create_dir_all(orphan.join("case-1")).expect("a folder");
        File::create(orphan.join(LOCK)).expect("its lock");
        let next = Scratch::new().expect("a folder");
        assert!(gone_soon(&orphan), "{orphan:?} left");
        drop(next);
    }

    /// Whether `path` is gone, or goes within a moment: another test's grader, sweeping at the
    /// same time, may have taken the folder's lock first and be removing it.
    fn gone_soon(path: &Path) -> bool {
        let started = std::time::Instant::now();
        while path.exists() {
            if started.elapsed() > Duration::from_secs(2) {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        true
    }

    /// A grader killed while it made its folder, before renaming it, leaves a folder under the
    /// name it is made by, with or without its lock: the next grader removes it once it is older
    /// than a folder being made can be, and leaves a younger one, which another grader may be
    /// making now.
    #[test]
    fn a_folder_left_half_made_is_swept_once_no_grader_can_be_making_it() {
        let half_made = |name: &str, age: Duration, locked: bool| {
            let path = env::temp_dir().join(format!("{MAKING}{name}-{}", std::process::id()));
            fs::create_dir_all(&path).expect("a folder");
            if locked {
                File::create(path.join(LOCK)).expect("its lock");
            }
            let made = std::time::SystemTime::now() - age;
            File::open(&path)
                .and_then(|folder| folder.set_modified(made))
                .expect("its time set");
            path
        };
        let old = MAKING_AT_MOST + Duration::from_secs(1);
        let without_lock = half_made("without-lock", old, false);
        let with_lock = half_made("with-lock", old, true);
        let young = half_made("young", Duration::ZERO, false);
        let next = Scratch::new().expect("a folder");
        assert!(gone_soon(&without_lock), "{without_lock:?} left");
        assert!(gone_soon(&with_lock), "{with_lock:?} left");
        assert!(
            young.exists(),
            "{young:?} removed while it may be being made"
        );
        let _ = fs::remove_dir(&young);
        drop(next);
    }
}
