//! The limits a running case is held to beside its output: its memory and processes in its
//! control groups' counters, what it wrote to disk in its home (a file system of its own that
//! filled up, or a folder whose size reached the limit), and the CPU time it used.

use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};

use std::time::Duration;

use super::Limit;
use super::cpu::Counter;
use crate::cgroup::{Breach, CaseGroup};
use crate::disk::MountedHome;

/// How many entries of a home are looked at, at most, to add up its size.
const MOST_ENTRIES: usize = 10_000;

/// What a case is watched for while it runs.
#[derive(Debug)]
pub(super) struct Bounds {
    // Before the groups: a home file system held open is charged to the memory group, which
    // must be empty when the next case takes it.
    /// Its home, when it runs in the sandbox.
    pub(super) home: Option<Home>,
    /// Its control groups, where they can be made; given back with this value.
    pub(super) group: Option<CaseGroup>,
    /// The bytes it may write.
    pub(super) disk: u64,
    /// Where its CPU time is counted.
    pub(super) cpu: Counter,
}

/// A case's home, as the grader looks at it.
#[derive(Debug)]
pub(super) enum Home {
    /// A file system of the disk limit's size, which refuses a write beyond it.
    Mounted(MountedHome),
    /// A folder, whose size is added up.
    Folder(PathBuf),
}

impl Bounds {
    /// The limit the case has broken, if any.
    pub(super) fn breach(&self) -> Option<Limit> {
        let counted = self.group.as_ref().and_then(CaseGroup::breach);
        match counted {
            Some(Breach::Memory) => Some(Limit::Memory),
            Some(Breach::Processes) => Some(Limit::Processes),
            None => {
                let full = match &self.home {
                    Some(Home::Mounted(home)) => home.is_full(),
                    Some(Home::Folder(home)) => size_reaches(home, self.disk),
                    None => false,
                };
                full.then_some(Limit::Disk)
            }
        }
    }

    /// The CPU time the case has used so far, `None` where this system does not show it.
    pub(super) fn cpu_time(&mut self) -> Option<Duration> {
        self.cpu.used(self.group.as_ref())
    }

    /// Kills every process of the case that its control groups hold.
    pub(super) fn kill_all(&self) {
        if let Some(group) = &self.group {
            group.kill_all();
        }
    }
}

/// Whether the files under `folder` take `bound` bytes of disk or more (or hold more entries
/// than are looked at).
fn size_reaches(folder: &Path, bound: u64) -> bool {
    let (mut used, mut seen) = (0_u64, 0_usize);
    let mut folders = vec![folder.to_owned()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            seen += 1;
            if seen > MOST_ENTRIES {
                return true;
            }
            let Ok(meta) = entry.metadata() else {
                continue;
            };
            if meta.is_dir() {
                folders.push(entry.path());
            } else {
                used = used.saturating_add(meta.len().max(meta.blocks() * 512));
                if used >= bound {
                    return true;
                }
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_home_reaches_its_bound_by_its_files_however_deep() {
        let home = tempfile::tempdir().expect("a folder");
        fs::create_dir_all(home.path().join("a/b")).expect("folders");
        fs::write(home.path().join("a/one"), vec![1; 3000]).expect("a file");
        fs::write(home.path().join("a/b/two"), vec![2; 3000]).expect("a file");
        assert!(size_reaches(home.path(), 6000));
        assert!(!size_reaches(home.path(), 20_000));
    }
}
