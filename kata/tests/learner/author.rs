//! The author's loop on a small kata made in a temporary folder, its reference a shell script:
//! fixtures sketched as inputs, recorded by `kata dev record`, a change written only once
//! accepted; and `kata dev check` naming each problem once with its reason: a wrong example in
//! a stage's task, a heading, a reference that cannot start, a fixture the reference fails, a
//! stray file, a stage without `order`.

use std::fs;
use std::path::{Path, PathBuf};

use test_support::{Trial, test};

use crate::{Ran, kata};

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test(
            "author::a_sketch_is_recorded_then_left_unchanged",
            sketch_recorded,
        ),
        test(
            "author::a_recording_of_the_calculator_finds_its_insta_snapshots_as_they_are",
            insta_snapshots_unchanged,
        ),
        test(
            "author::a_change_is_shown_and_written_only_when_accepted",
            change_accepted,
        ),
        test(
            "author::a_wrong_example_of_a_task_is_named_by_file_and_line",
            wrong_example,
        ),
        test(
            "author::a_reference_that_cannot_start_is_reported_once_with_why",
            reference_typo,
        ),
        test(
            "author::a_fixture_the_reference_fails_is_shown_as_grade_shows_it",
            failed_fixture,
        ),
        test(
            "author::a_checker_that_fails_is_reported_once_in_its_own_words",
            failing_checker,
        ),
        test(
            "author::stray_files_and_a_stage_without_order_are_reported",
            stray_and_order,
        ),
    ]
}

/// The task of the greeter's stage 1, its example at line 5.
const TASK: &str =
    "# Stage 1: Greet\n\nAsk for a name, then greet.\n\n```\nYour name: > Ann\nHello, Ann!\n```\n";

/// The greeter's reference: a prompt, a greeting; status 1 at the end of input.
const REFERENCE: &str =
    "printf 'Your name: '\nIFS= read -r name || exit 1\nprintf 'Hello, %s!\\n' \"$name\"\n";

/// A kata of one stage, made in a temporary folder, outside the repository.
struct Greeter {
    _dir: tempfile::TempDir,
    folder: PathBuf,
}

impl Greeter {
    /// The greeter, its fixtures sketches of the `cases` given, each a name and its inputs.
    fn new(cases: &[(&str, &str)]) -> Greeter {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let folder = dir.path().join("greeter");
        let greeter = Greeter { _dir: dir, folder };
        greeter.write(
            "kata-manifest.toml",
            "name = \"greeter\"\ntitle = \"Greeter\"\n\n[[stages]]\ntitle = \"Greet\"\n\
             description = \"stages/stage1/README.md\"\nfixtures = \"fixtures/stage1\"\n\
             reference = { run = \"sh reference/stage1.sh\" }\n",
        );
        greeter.write("stages/stage1/README.md", TASK);
        greeter.write("reference/stage1.sh", REFERENCE);
        for (name, inputs) in cases {
            greeter.write(
                &format!("fixtures/stage1/{name}.snap"),
                &format!("---\ndescription: \"Greet by the name given.\"\n---\n{inputs}"),
            );
        }
        greeter
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.folder.join(relative)
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.path(relative);
        fs::create_dir_all(path.parent().expect("in a folder")).expect("its folder");
        fs::write(path, text).expect("written");
    }

    fn read(&self, relative: &str) -> String {
        fs::read_to_string(self.path(relative)).expect("a file of the kata")
    }

    /// `kata dev ARGS` run in the kata's folder.
    fn dev(&self, args: &[&str]) -> Ran {
        let args: Vec<&str> = ["dev"].iter().chain(args).copied().collect();
        kata(&self.folder, &args, "")
    }

    /// `kata dev check`, its starter in C alone (C is in every `cargo test`).
    fn check(&self) -> Ran {
        self.dev(&["check", "--lang", "c"])
    }
}

/// The problems `kata dev check` listed: its lines that name a file of `folder`.
fn problems(ran: &Ran, folder: &Path) -> Vec<String> {
    let folder = folder.display().to_string();
    ran.out
        .lines()
        .filter(|line| line.starts_with(&folder))
        .map(|line| line[folder.len()..].to_owned())
        .collect()
}

fn sketch_recorded() {
    let greeter = Greeter::new(&[("greets-ann", "> Ann\n"), ("no-name", "")]);
    let recorded = greeter.dev(&["record"]);
    assert_eq!(recorded.status, 0, "{recorded:?}");
    assert!(
        recorded.out.ends_with(
            "stage 1  greets-ann: recorded\nstage 1  no-name: recorded\n2 recorded, 0 unchanged.\n"
        ),
        "{}",
        recorded.out
    );
    // The whole transcript and the exit status; no `source:` line that this kata has no file
    // for.
    assert_eq!(
        greeter.read("fixtures/stage1/greets-ann.snap"),
        "---\ndescription: \"Greet by the name given.\"\n---\nYour name: > Ann\nHello, Ann!\n"
    );
    assert_eq!(
        greeter.read("fixtures/stage1/no-name.snap"),
        "---\ndescription: \"Greet by the name given.\"\ninfo:\n  exit_status: 1\n---\n\
         Your name: > \\z\n"
    );
    let again = greeter.dev(&["record"]);
    assert_eq!(again.status, 0, "{again:?}");
    assert!(
        again.out.ends_with("0 recorded, 2 unchanged.\n"),
        "{}",
        again.out
    );
    // The recorded kata is complete: it passes its own check.
    let checked = greeter.check();
    assert_eq!(checked.status, 0, "{checked:?}");
}

/// The calculator's fixtures were written by insta, through the workspace's tests: a record
/// writes the same files, headers included, so it finds nothing to change.
fn insta_snapshots_unchanged() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let folder = crate::katas::calculator_copy(dir.path());
    let recorded = kata(&folder, &["dev", "record"], "");
    assert_eq!(recorded.status, 0, "{recorded:?}");
    assert!(
        recorded.out.ends_with("0 recorded, 16 unchanged.\n"),
        "{}",
        recorded.out
    );
}

fn change_accepted() {
    let greeter = Greeter::new(&[("greets-ann", "> Ann\n"), ("greets-bob", "> Bob\n")]);
    assert_eq!(greeter.dev(&["record"]).status, 0);
    let before = greeter.read("fixtures/stage1/greets-ann.snap");
    greeter.write("reference/stage1.sh", &REFERENCE.replace("Hello", "Hi"));
    let refused = greeter.dev(&["record", "--case", "greets-ann"]);
    assert_eq!(refused.status, 1, "{refused:?}");
    assert!(
        refused.out.contains(
            "stage 1  greets-ann: changes, not written\n--- expected\n+++ actual\n \
             Your name: > Ann\n-Hello, Ann!\n+Hi, Ann!\n"
        ),
        "{}",
        refused.out
    );
    assert!(!refused.out.contains("greets-bob"), "{}", refused.out);
    assert_eq!(greeter.read("fixtures/stage1/greets-ann.snap"), before);
    let accepted = greeter.dev(&["record", "--case", "greets-ann", "--accept"]);
    assert_eq!(accepted.status, 0, "{accepted:?}");
    assert_eq!(
        greeter.read("fixtures/stage1/greets-ann.snap"),
        before.replace("Hello", "Hi")
    );
    let unknown = greeter.dev(&["record", "--case", "greets-carl"]);
    assert_eq!(unknown.status, 2, "{unknown:?}");
    assert_eq!(unknown.err, "kata: no case `greets-carl` in any stage\n");
}

fn wrong_example() {
    let greeter = Greeter::new(&[("greets-ann", "> Ann\n")]);
    assert_eq!(greeter.dev(&["record"]).status, 0);
    greeter.write(
        "stages/stage1/README.md",
        &TASK
            .replace("Hello, Ann!", "Hello Ann!")
            .replace("# Stage 1: Greet", "# Greet"),
    );
    let checked = greeter.check();
    assert_eq!(checked.status, 1, "{checked:?}");
    assert_eq!(
        problems(&checked, &greeter.folder),
        [
            "/stages/stage1/README.md:1: a stage's task starts with the heading `# Stage 1: \
             Greet`, its number and its title in the manifest",
            "/stages/stage1/README.md:7: this example is not what the reference of stage 1 \
             does:",
        ],
        "{}",
        checked.out
    );
    assert!(
        checked.out.contains("  -Hello Ann!\n  +Hello, Ann!\n"),
        "{}",
        checked.out
    );
}

fn reference_typo() {
    let greeter = Greeter::new(&[
        ("greets-ann", "> Ann\n"),
        ("greets-bob", "> Bob\n"),
        ("greets-carl", "> Carl\n"),
    ]);
    assert_eq!(greeter.dev(&["record"]).status, 0);
    let manifest = greeter.read("kata-manifest.toml");
    greeter.write(
        "kata-manifest.toml",
        &manifest.replace("stage1.sh", "stage1.shh"),
    );
    let checked = greeter.check();
    assert_eq!(checked.status, 1, "{checked:?}");
    // One problem, with the shell's own words (dash's or bash's) after the command.
    let listed = problems(&checked, &greeter.folder);
    assert_eq!(listed.len(), 1, "{}", checked.out);
    assert!(
        listed[0].starts_with(
            "/kata-manifest.toml:8: the reference of stage 1 cannot start: `sh \
             reference/stage1.shh`: `reference/stage1.shh` is not there; the program said: sh: "
        ) && listed[0].contains("reference/stage1.shh: No such file"),
        "{}",
        checked.out
    );
    let recorded = greeter.dev(&["record"]);
    assert_eq!(recorded.status, 1, "{recorded:?}");
    assert_eq!(
        recorded.out.matches("cannot start").count(),
        2,
        "the case it was found on, and the problem: {}",
        recorded.out
    );
}

fn failed_fixture() {
    let greeter = Greeter::new(&[("greets-ann", "> Ann\n"), ("greets-bob", "> Bob\n")]);
    assert_eq!(greeter.dev(&["record"]).status, 0);
    let fixture = "fixtures/stage1/greets-bob.snap";
    greeter.write(
        fixture,
        &greeter.read(fixture).replace("Hello, Bob!", "Hello, Bob"),
    );
    // A sketch not recorded yet is said to be one.
    greeter.write(
        "fixtures/stage1/greets-dan.snap",
        "---\ndescription: \"Greet.\"\n---\n> Dan\n",
    );
    let checked = greeter.check();
    assert_eq!(checked.status, 1, "{checked:?}");
    assert_eq!(
        problems(&checked, &greeter.folder),
        [
            "/fixtures/stage1/greets-bob.snap:5: the reference of stage 1 does not pass this \
             case:",
            "/fixtures/stage1/greets-dan.snap:4: a sketch, not recorded yet: `kata dev record` \
             writes its transcript from the reference",
        ],
        "{}",
        checked.out
    );
    // The feedback grade gives, under the problem.
    assert!(
        checked
            .out
            .contains("  Wrong answer in test #2 (greets-bob)\n"),
        "{}",
        checked.out
    );
}

fn stray_and_order() {
    let greeter = Greeter::new(&[
        ("greets-ann", "> Ann\n"),
        ("greets-bob", "> Bob\n"),
        ("greets-carl", "> Carl\n"),
        ("greets-dan", "> Dan\n"),
    ]);
    assert_eq!(greeter.dev(&["record"]).status, 0);
    greeter.write("fixtures/stage1/notes.txt", "to do\n");
    greeter.write("fixtures/stage1/greets-eve.snap.new", "---\n---\n");
    let checked = greeter.check();
    assert_eq!(checked.status, 1, "{checked:?}");
    assert_eq!(
        problems(&checked, &greeter.folder),
        [
            "/fixtures/stage1/greets-eve.snap.new: a pending snapshot, not a fixture: read it, \
             then put it in place of its `.snap` or delete it",
            "/fixtures/stage1/notes.txt: not a fixture: a stage's fixtures folder holds its \
             cases alone (`NAME.snap`, or `NAME.in` with its `.ans` and `.hint`)",
        ],
        "{}",
        checked.out
    );
    assert!(
        checked.out.contains(&format!(
            "warning: {}:8: stage 1 has 4 cases and no `order`: a learner meets them by their \
             file names, `greets-ann` first; name the cases to meet first",
            greeter.path("kata-manifest.toml").display()
        )),
        "{}",
        checked.out
    );
}

fn failing_checker() {
    let greeter = Greeter::new(&[("greets-ann", "> Ann\n"), ("greets-bob", "> Bob\n")]);
    assert_eq!(greeter.dev(&["record"]).status, 0);
    let manifest = greeter.read("kata-manifest.toml");
    greeter.write(
        "kata-manifest.toml",
        &format!("{manifest}checker = {{ run = \"sh judge.sh\" }}\n"),
    );
    greeter.write("judge.sh", "echo 'no answer file here' >&2\nexit 3\n");
    let checked = greeter.check();
    assert_eq!(checked.status, 1, "{checked:?}");
    assert_eq!(
        problems(&checked, &greeter.folder),
        [
            "/kata-manifest.toml:9: the checker of stage 1 fails, first on case `greets-ann`, \
          saying:"
        ],
        "{}",
        checked.out
    );
    assert!(
        checked.out.contains(
            "  the kata's checker `sh judge.sh` exited with status 3, which is neither 42 \
             (accepted) nor 43 (wrong answer)\n  Its standard error:\n  no answer file here\n"
        ),
        "{}",
        checked.out
    );
}
