//! What a case may use: its own files beside it (the folders that hold the fixtures stay
//! listable and readable, the fixtures themselves do not).

use std::fs;
use std::path::Path;

use test_support::{Trial, test_with, toolchain};

use crate::{WATCHDOG, tests_dir};

pub(crate) fn trials() -> Vec<Trial> {
    vec![test_with(
        "confinement::a_python_program_importing_a_module_beside_it_passes_beside_the_fixtures",
        toolchain::python,
        a_python_program_importing_a_module_beside_it_passes_beside_the_fixtures,
    )]
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
