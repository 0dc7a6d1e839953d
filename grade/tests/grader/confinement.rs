//! What a case may use: its own files beside it (the folders that hold the fixtures stay
//! listable and readable, the fixtures themselves do not), and memory, processes and disk
//! within their limits: the submissions that break one (`hostile.rs`) get its verdict at once,
//! and leave nothing running. Where this system cannot limit memory and processes, the tests
//! of those two are reported as ignored, with the reason: a fork bomb is never run unbounded.

use std::fs;
use std::path::Path;
use std::time::{Duration, Instant};

use runner::cgroup::{self, Support};
use test_support::{Trial, test_with, toolchain};

use crate::{WATCHDOG, grade, submission, tests_dir};

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        // An interpreter's start on every case: left to `scripts/grade-languages`.
        test_support::slow(
            test_with(
                "confinement::a_python_program_importing_a_module_beside_it_passes_beside_the_fixtures",
                toolchain::python,
                a_python_program_importing_a_module_beside_it_passes_beside_the_fixtures,
            ),
            "slow: scripts/grade-languages runs it",
        ),
        test_with(
            "confinement::a_memory_eater_is_a_memory_limit_exceeded",
            limited,
            |()| {
                broken(
                    &["--memory", "64M"],
                    "eats-memory",
                    "Memory limit exceeded in test #1 (draw-full-grid)\nThe program used more \
                     than 64 MiB of memory (the processes it started included) and was stopped.",
                );
            },
        ),
        test_with(
            "confinement::a_fork_bomb_is_a_process_limit_exceeded_and_leaves_nothing",
            limited,
            |()| {
                broken(
                    &["--processes", "40"],
                    "forks-forever",
                    "Process limit exceeded in test #1 (draw-full-grid)\nThe program tried to run \
                     more than 40 processes and threads at once (those it started included) and \
                     was stopped.",
                );
            },
        ),
        test_with(
            "confinement::a_file_beyond_the_disk_limit_is_a_disk_limit_exceeded",
            || Ok(()),
            |()| {
                broken(
                    &["--disk", "8M"],
                    "fills-disk",
                    "Disk limit exceeded in test #1 (draw-full-grid)\nThe program tried to write \
                     more than 8 MiB to disk and was stopped.",
                );
            },
        ),
        test_with(
            "confinement::small_files_beyond_the_disk_limit_are_a_disk_limit_exceeded",
            || Ok(()),
            |()| {
                broken(
                    &["--disk", "8M"],
                    "fills-disk-with-files",
                    "Disk limit exceeded in test #1 (draw-full-grid)",
                );
            },
        ),
    ]
}

/// Whether this system limits the memory and processes of a case, or the reason to skip.
fn limited() -> Result<(), String> {
    match cgroup::support() {
        Support::Enforced { .. } => Ok(()),
        off @ Support::Off(_) => Err(format!("skipped: {off}")),
    }
}

/// Grades the stage 3 submission with `fault` with `options`: it fails its first case with
/// `feedback`, well within its time limit, and nothing it started is left running.
fn broken(options: &[&str], fault: &str, feedback: &str) {
    let marker = format!("grade-limits-{fault}-{}", std::process::id());
    let mut words = options.to_vec();
    words.extend(["--timeout", "10"]);
    let started = Instant::now();
    let graded = grade(&submission(&words, fault, &[&marker]));
    let took = started.elapsed();
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    assert!(graded.report.contains(feedback), "{}", graded.report);
    assert!(
        took < Duration::from_secs(5),
        "took {took:?}:\n{}",
        graded.report
    );
    crate::hostility::nothing_left(&marker);
}

/// `grade 3 -- python3 stage3.py` from the folder that holds `stage3.py`, its module
/// `helper.py` and the fixtures: once, the folder could not be listed, and `import helper`
/// failed with `ModuleNotFoundError`. The program fails itself if it can read a fixture.
fn a_python_program_importing_a_module_beside_it_passes_beside_the_fixtures(
    python: std::path::PathBuf,
) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let submissions = tests_dir().join("submissions/python");
    copy(
        &submissions.join("stage3_with_helper.py"),
        &folder.path().join("stage3.py"),
    );
    copy(
        &submissions.join("stage3.py"),
        &folder.path().join("helper.py"),
    );
    let fixtures = folder.path().join("fixtures/stage3");
    fs::create_dir_all(&fixtures).expect("a folder");
    for entry in fs::read_dir(tests_dir().join("fixtures/stage3")).expect("the fixtures") {
        let entry = entry.expect("an entry");
        copy(&entry.path(), &fixtures.join(entry.file_name()));
    }
    let output = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .current_dir(folder.path())
        .args(["3", "--all", "--fixtures", "fixtures", "--"])
        .arg(&python)
        .args([toolchain::PYTHON_WITHOUT_SITE, "stage3.py"])
        .timeout(WATCHDOG)
        .output()
        .expect("grade runs");
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert!(report.contains("5 passed, 0 failed"), "{report}");
}

fn copy(from: &Path, to: &Path) {
    fs::copy(from, to).unwrap_or_else(|error| panic!("{from:?} to {to:?}: {error}"));
}
