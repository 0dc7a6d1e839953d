//! What a sandboxed case may read (everything but the hidden paths) and where it runs.

use std::fs;

use harness::sandbox::{Sandbox, Support};
use harness::{Mode, process};
use test_support::{Trial, test, test_with};

use crate::{fake, fixture, limits};

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test_with(
            "sandbox::a_hidden_file_cannot_be_read_and_the_one_beside_it_can",
            landlock,
            hidden_file,
        ),
        test(
            "sandbox::a_program_runs_in_the_folder_it_is_given",
            runs_in_its_folder,
        ),
    ]
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
        fixture("quick-exit").transcript.inputs(),
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
