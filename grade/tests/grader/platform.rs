//! `grade platform gradescope`: the autograder zip it writes, unpacked and run as Gradescope
//! runs it, in a folder laid out as Gradescope lays out `/autograder` (`source/` the zip's
//! contents, `submission/` the learner's files, `results/` for `results.json`). The zip carries
//! the grader's executable, tens of megabytes in a debug build, so `cargo test` lists this as
//! ignored and `scripts/platform-recipes` runs it.

use std::fs;
use std::path::Path;
use std::process::Command;

use test_support::Trial;

use crate::formats::validate;
use crate::katas::grade_in;
use crate::points::write_kata;

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("platform":
        the_gradescope_zip_grades_a_submission_laid_out_as_gradescope_lays_it_out,
    )
    .into_iter()
    .map(|trial| trial.with_ignored_flag(true))
    .collect()
}

/// Runs the script `name` of the unpacked zip with bash, `/autograder` being `root`.
fn run_script(root: &Path, name: &str) -> String {
    let output = Command::new("bash")
        .arg(root.join("source").join(name))
        .env("AUTOGRADER_ROOT", root)
        .current_dir(root)
        .output()
        .expect("bash runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{name}: {text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    text
}

fn the_gradescope_zip_grades_a_submission_laid_out_as_gradescope_lays_it_out() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // A kata of its own, worth 10 points, 4 of them on a hidden case: the zip carries it.
    write_kata(
        &dir.path().join("words"),
        "points = 10\n\n[stages.cases.prints-two]\npoints = 4\nvisibility = \"hidden\"\n",
        &["one", "two", "three"],
    );
    let (status, report, errors) = grade_in(
        dir.path(),
        &[
            "platform",
            "gradescope",
            "1",
            "-o",
            "autograder.zip",
            "--kata",
            "words",
            "--",
            "cat",
            "answer.txt",
        ],
    );
    assert_eq!(status, Some(0), "{report}{errors}");
    assert_eq!(
        report,
        "Wrote autograder.zip: upload it as the autograder of the assignment.\n"
    );

    let root = dir.path().join("autograder");
    let zip = fs::File::open(dir.path().join("autograder.zip")).expect("written");
    let mut archive = zip::ZipArchive::new(zip).expect("a zip");
    let mut names: Vec<String> = archive
        .file_names()
        .map(|name| name.expect("a name").into_owned())
        .collect();
    names.sort_unstable();
    assert_eq!(
        &names[..3],
        [
            "bin/grade",
            "kata/fixtures/stage1/prints-one.snap",
            "kata/fixtures/stage1/prints-three.snap"
        ]
    );
    assert!(
        ["setup.sh", "run_autograder"]
            .iter()
            .all(|file| names.iter().any(|name| name == file)),
        "{names:?}"
    );
    archive.extract(root.join("source")).expect("unpacked");
    fs::create_dir_all(root.join("submission")).expect("a folder");
    fs::write(root.join("submission/answer.txt"), "two\n").expect("written");

    assert!(run_script(&root, "setup.sh").starts_with("grade "));
    run_script(&root, "run_autograder");
    let results: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(root.join("results/results.json")).expect("results.json written"),
    )
    .expect("JSON");
    validate("gradescope", &results);
    assert_eq!(results["score"], 4.0, "{results:#}");
    assert_eq!(results["tests"][2]["visibility"], "hidden", "{results:#}");

    // A submission the grader cannot grade at all still gets a results.json, with why.
    fs::remove_dir_all(root.join("source/kata/fixtures")).expect("removed");
    run_script(&root, "run_autograder");
    let results: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(root.join("results/results.json")).expect("results.json written"),
    )
    .expect("JSON");
    validate("gradescope", &results);
    assert_eq!(results["score"], 0, "{results:#}");
}
