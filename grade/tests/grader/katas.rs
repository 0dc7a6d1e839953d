//! Any kata from a folder: a kata of two stages written by the test into a temporary folder (a
//! manifest, stage texts, fixtures and shell references, no Rust), graded with `--kata DIR`
//! from outside any workspace, as an instructor's own kata would be.

use std::fs;
use std::path::Path;

use test_support::Trial;

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("katas":
        a_kata_from_a_folder_grades_its_reference_and_other_programs,
        a_stage_the_kata_lacks_and_a_broken_manifest_are_usage_errors,
        a_kata_built_in_is_graded_by_its_name,
        a_folder_with_no_kata_is_not_taken_for_the_kata_built_in_of_its_name,
    )
}

/// The manifest of the greeter kata.
const MANIFEST: &str = "name = \"greeter\"\ntitle = \"Greeter\"\n\n\
    [[stages]]\ntitle = \"Say hello\"\ndescription = \"stages/1.md\"\n\
    fixtures = \"fixtures/stage1\"\nreference = { run = \"sh reference/hello.sh\" }\n\n\
    [[stages]]\ntitle = \"Say hello twice\"\ndescription = \"stages/2.md\"\n\
    fixtures = \"fixtures/stage2\"\nreference = { run = \"sh reference/twice.sh\" }\n";

/// Writes the greeter kata into `dir`: two stages, a case each, shell references.
fn write_greeter(dir: &Path) {
    let files = [
        ("kata-manifest.toml", MANIFEST),
        (
            "stages/1.md",
            "# Stage 1: Say hello\n\nAsk a name, greet it.\n",
        ),
        ("stages/2.md", "# Stage 2: Say hello twice\n\nTwo names.\n"),
        (
            "reference/hello.sh",
            "printf 'Name: '\nread -r name\necho \"Hello, $name!\"\n",
        ),
        (
            "reference/twice.sh",
            "for i in 1 2; do printf 'Name: '\nread -r name\necho \"Hello, $name!\"\ndone\n",
        ),
        (
            "fixtures/stage1/greets-the-name.snap",
            "---\nsource: tests/fixtures.rs\ndescription: \"Greet the name typed.\"\n---\n\
             Name: > Ada\nHello, Ada!\n",
        ),
        (
            "fixtures/stage2/greets-two-names.snap",
            "---\nsource: tests/fixtures.rs\ndescription: \"Ask twice.\"\n---\n\
             Name: > Ada\nHello, Ada!\nName: > Bob\nHello, Bob!\n",
        ),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().expect("a folder")).expect("made");
        fs::write(path, text).expect("written");
    }
}

/// Runs the grader in `cwd`, outside any workspace, with `args`: status, report, errors.
pub(crate) fn grade_in(cwd: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = assert_cmd::Command::new(assert_cmd::cargo::cargo_bin("grade"))
        .current_dir(cwd)
        .env_remove("CARGO_MANIFEST_DIR")
        .env_remove("NO_COLOR")
        .timeout(crate::WATCHDOG)
        .args(args)
        .output()
        .expect("grade runs");
    (
        output.status.code(),
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
    )
}

fn a_kata_from_a_folder_grades_its_reference_and_other_programs() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let kata = dir.path().join("greeter");
    write_greeter(&kata);
    let kata_arg = kata.to_str().expect("UTF-8");

    let (status, report, err) = grade_in(dir.path(), &["--kata", kata_arg, "2"]);
    assert_eq!((status, err.as_str()), (Some(0), ""), "{report}");
    let first_line = report.lines().next().unwrap_or_default();
    assert_eq!(
        first_line,
        format!(
            "Grading the reference stage 2 of Greeter on the 1 case of stage 2 in {}/fixtures/stage2",
            kata.display()
        )
    );
    assert!(report.ends_with("1 passed, 0 failed: 1 of 1 exact, 1 of 1 content\n"));

    // Another program, run from the folder graded in: a wrong greeting is a wrong answer, with
    // the kata's hint, and a difference in spacing alone is right in content (plain text).
    fs::write(
        dir.path().join("rude.sh"),
        "printf 'Name: '\nread -r name\necho \"Go away, $name.\"\n",
    )
    .expect("written");
    let (status, report, _) = grade_in(
        dir.path(),
        &["--kata", kata_arg, "1", "--", "sh", "rude.sh"],
    );
    assert_eq!(status, Some(1), "{report}");
    assert!(
        report.contains("Wrong answer in test #1 (greets-the-name)"),
        "{report}"
    );
    assert!(
        report.contains("The text is wrong: a line differs from the one expected."),
        "{report}"
    );
    fs::write(
        dir.path().join("spaced.sh"),
        "printf 'Name:  '\nread -r name\necho \"Hello, $name!\"\n",
    )
    .expect("written");
    let (status, report, _) = grade_in(
        dir.path(),
        &[
            "--kata",
            kata_arg,
            "1",
            "--content",
            "--",
            "sh",
            "spaced.sh",
        ],
    );
    assert_eq!(status, Some(0), "{report}");
    assert!(
        report.ends_with("1 passed, 0 failed: 0 of 1 exact, 1 of 1 content\n"),
        "{report}"
    );

    // The kata's fixtures are hidden from the program graded, in the sandbox.
    let fixture = kata.join("fixtures/stage1/greets-the-name.snap");
    let (_, report, _) = grade_in(
        dir.path(),
        &[
            "--kata",
            kata_arg,
            "1",
            "--",
            "sh",
            "-c",
            "cat \"$1\" > /dev/null 2>&1 && echo read || echo hidden",
            "sh",
            fixture.to_str().expect("UTF-8"),
        ],
    );
    if !report
        .lines()
        .next()
        .unwrap_or_default()
        .contains("without the sandbox")
    {
        assert!(report.contains("Actual line 1:   hidden"), "{report}");
    }
}

fn a_stage_the_kata_lacks_and_a_broken_manifest_are_usage_errors() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    write_greeter(dir.path());
    let kata_arg = dir.path().to_str().expect("UTF-8");
    let (status, report, err) = grade_in(dir.path(), &["--kata", kata_arg, "3"]);
    assert_eq!(
        (status, report.as_str(), err.as_str()),
        (
            Some(2),
            "",
            "grade: Greeter has no stage 3: its stages are 1 to 2\n"
        )
    );
    // `grade platform` grades the kata of the folder it runs in, as `grade` does: asked for a
    // stage the Greeter lacks, it says so before writing anything.
    let (status, report, err) = grade_in(
        dir.path(),
        &["platform", "vpl", "3", "-o", "vpl", "--", "sh", "x.sh"],
    );
    assert_eq!(
        (status, report.as_str(), err.as_str()),
        (
            Some(2),
            "",
            "grade platform: Greeter has no stage 3: its stages are 1 to 2\n"
        )
    );
    assert!(!dir.path().join("vpl").exists());
    fs::write(
        dir.path().join("kata-manifest.toml"),
        MANIFEST.replace("{ run = \"sh reference/twice.sh\" }", "{}"),
    )
    .expect("written");
    let (status, _, err) = grade_in(dir.path(), &["1"]);
    assert_eq!(status, Some(2), "{err}");
    assert_eq!(
        err,
        format!(
            "grade: unreadable kata: {}/kata-manifest.toml:14: the reference of stage 2 needs \
             exactly one of `built-in` (a program built into the grader) and `run` (a command \
             line)\n",
            dir.path().display()
        )
    );
}

/// An empty folder named like a kata built in, given as `--kata`, is an error: grading the kata
/// built in instead would hide the mistake (a kata not copied yet, a name mistyped).
fn a_folder_with_no_kata_is_not_taken_for_the_kata_built_in_of_its_name() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    fs::create_dir(dir.path().join("calculator")).expect("made");
    for (args, command) in [
        (&["--kata", "calculator", "1"][..], "grade"),
        (
            &["platform", "vpl", "1", "-o", "vpl", "--kata", "calculator"],
            "grade platform",
        ),
    ] {
        let (status, report, err) = grade_in(dir.path(), args);
        assert_eq!(
            (status, report.as_str(), err.as_str()),
            (
                Some(2),
                "",
                format!(
                    "{command}: `calculator` is a folder with no kata-manifest.toml (nor a \
                     problem package's problem.yaml): it is not a kata\n"
                )
                .as_str()
            ),
            "{args:?}"
        );
    }
}

fn a_kata_built_in_is_graded_by_its_name() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (status, report, err) = grade_in(dir.path(), &["--kata", "tictactoe", "1"]);
    assert_eq!((status, err.as_str()), (Some(0), ""), "{report}");
    assert!(
        report.starts_with(
            "Grading the reference stage 1 of Tic-Tac-Toe on the 1 case of stage 1 in \
             built-in:tictactoe/fixtures/stage1\n"
        ),
        "{report}"
    );
}
