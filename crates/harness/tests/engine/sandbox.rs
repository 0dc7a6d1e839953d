//! What a sandboxed case may read (everything but the hidden paths) and where it runs.

use std::fs;

use harness::{Limits, Mode, Verdict};
use runner::disk;
use runner::process;
use runner::process::Limit;
use runner::sandbox::{Sandbox, Support};
use test_support::{Trial, test, test_with};

use crate::{fake, fixture, limits};

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test_with(
            "sandbox::a_hidden_file_cannot_be_read_and_the_one_beside_it_can",
            landlock,
            hidden_file,
        ),
        test_with(
            "sandbox::a_case_writes_in_its_home_and_nowhere_else",
            landlock,
            writes_only_in_its_home,
        ),
        test(
            "sandbox::a_program_runs_in_the_folder_it_is_given",
            runs_in_its_folder,
        ),
        test_with(
            "sandbox::small_files_are_refused_at_the_disk_limit_exactly",
            own_file_system,
            small_files_at_the_disk_limit,
        ),
    ]
}

/// A home that is a file system of its own here, or why not.
fn own_file_system() -> Result<(), String> {
    match runner::disk::support() {
        disk::Support::OwnFileSystem { .. } => Ok(()),
        polled @ disk::Support::Polled(_) => Err(format!("skipped: {polled}")),
    }
}

/// Files of 64 KiB, none of them too large, written until the home is full: not a byte
/// more than the limit is taken, and the case ends with the disk limit's verdict.
fn small_files_at_the_disk_limit((): ()) {
    let disk = 1 << 20;
    let bounded = Limits { disk, ..limits() };
    let case = fixture("quick-exit");
    let run = process::run(
        &fake(&["fill-home", "65536"]),
        &harness::runs::Given(case.transcript.inputs()),
        Mode::best(),
        bounded,
        &Sandbox::new(&[]),
    )
    .expect("run");
    let stderr = String::from_utf8_lossy(&run.stderr);
    // The most it said it had written, whenever it was stopped.
    let written: u64 = stderr
        .lines()
        .filter_map(|line| {
            line.strip_prefix("wrote ")?
                .strip_suffix(" bytes")?
                .parse()
                .ok()
        })
        .max()
        .unwrap_or_else(|| panic!("how much it wrote: {stderr:?}"));
    assert!(written <= disk, "wrote {written} bytes");
    // The file system's own blocks aside, it took nearly all of it.
    assert!(written >= disk / 2, "wrote only {written} bytes");
    let verdict = harness::judge(&case, &run, bounded, &harness::PlainText).verdict;
    assert_eq!(
        verdict,
        Verdict::LimitExceeded {
            limit: Limit::Disk,
            bound: disk
        }
    );
}

/// A sandbox that is enforced here, or why not.
fn landlock() -> Result<(), String> {
    match Sandbox::new(&[]).support() {
        Support::Enforced { .. } => Ok(()),
        Support::Off(why) => Err(format!("no sandbox here: {why}")),
    }
}

fn hidden_file((): ()) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let (secret, open) = (folder.path().join("secret"), folder.path().join("open"));
    fs::write(&secret, "answers").expect("written");
    fs::write(&open, "data").expect("written");
    let sandbox = Sandbox::new(std::slice::from_ref(&secret));
    let (secret, open) = (
        secret.to_str().expect("UTF-8"),
        open.to_str().expect("UTF-8"),
    );
    let program = fake(&["read-file", secret, "read-file", open]);
    let run = process::run(
        &program,
        &harness::runs::Given(fixture("quick-exit").transcript.inputs()),
        Mode::best(),
        limits(),
        &sandbox,
    )
    .expect("run");
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        format!("cannot read {secret}\nread {open}\n")
    );
}

fn writes_only_in_its_home((): ()) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let outside = folder.path().join("outside");
    let outside = outside.to_str().expect("UTF-8");
    let program = fake(&[
        "write-file",
        "~/notes",
        "write-file",
        outside,
        "write-file",
        "/dev/null",
    ]);
    let run = process::run(
        &program,
        &harness::runs::Given(fixture("quick-exit").transcript.inputs()),
        Mode::best(),
        limits(),
        &Sandbox::new(&[]),
    )
    .expect("run");
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        format!("wrote ~/notes\ncannot write {outside}\nwrote /dev/null\n")
    );
    assert!(!folder.path().join("outside").exists());
}

fn runs_in_its_folder() {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let folder = folder.path().canonicalize().expect("a real folder");
    let program = fake(&["pwd"]).in_folder(&folder);
    let run = crate::run_in(&program, &fixture("quick-exit"), Mode::best(), limits());
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        format!("{}\n", folder.display())
    );
}
