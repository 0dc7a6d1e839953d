//! Points and visibility from a kata's manifest: a stage's points split over its cases, a case
//! worth its own, and hidden cases, carried into every format that has the notion and reduced
//! to their name and verdict in those that do not.

use std::fs;
use std::path::Path;

use serde_json::Value;
use test_support::Trial;

use crate::katas::grade_in;

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("points":
        points_and_visibility_reach_every_format,
        without_points_the_json_results_are_as_they_were_with_the_limits,
    )
}

/// The points and visibility of the three-case kata: 10 points, of which `prints-two` is worth
/// 4 and hidden, `prints-three` shown after the deadline.
const SCORING: &str = "points = 10\n\n[stages.cases.prints-two]\npoints = 4\n\
    visibility = \"hidden\"\n\n[stages.cases.prints-three]\nvisibility = \"after-deadline\"\n";

/// Writes a kata of one stage into `dir`, a case a word of `words`, each printing its word,
/// the stage's table ending with `scoring`.
pub(crate) fn write_kata(dir: &Path, scoring: &str, words: &[&str]) {
    let manifest = format!(
        "name = \"words\"\ntitle = \"Words\"\n\n[[stages]]\ntitle = \"Print a word\"\n\
         description = \"stages/1.md\"\nfixtures = \"fixtures/stage1\"\n\
         reference = {{ run = \"sh reference/1.sh\" }}\n{scoring}"
    );
    let mut files = vec![
        ("kata-manifest.toml".to_owned(), manifest),
        (
            "stages/1.md".to_owned(),
            "# Stage 1: Print a word\n".to_owned(),
        ),
        ("reference/1.sh".to_owned(), "echo one\n".to_owned()),
    ];
    for word in words {
        files.push((
            format!("fixtures/stage1/prints-{word}.snap"),
            format!(
                "---\nsource: tests/fixtures.rs\ndescription: \"Print {word}.\"\n---\n{word}\n"
            ),
        ));
    }
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().expect("a folder")).expect("made");
        fs::write(path, text).expect("written");
    }
}

/// The words of the three-case kata.
const THREE_WORDS: [&str; 3] = ["one", "two", "three"];

fn json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).expect("written")).expect("JSON")
}

/// The results JSON at `path`, checked against the schema the reference documents: points and
/// visibility are fields of it.
fn results(path: &Path) -> Value {
    crate::results_json(&fs::read_to_string(path).expect("written"))
}

/// A program that prints `one` passes one case of three: 3 points of 10.
fn points_and_visibility_reach_every_format() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    write_kata(&dir.path().join("words"), SCORING, &THREE_WORDS);
    let (status, report, errors) = grade_in(
        dir.path(),
        &[
            "--kata",
            "words",
            "1",
            "--format",
            "gradescope=gradescope.json",
            "--format",
            "prairielearn=prairielearn.json",
            "--format",
            "vpl=vpl.txt",
            "--format",
            "junit=junit.xml",
            "--json",
            "results.json",
            "--",
            "echo",
            "one",
        ],
    );
    assert_eq!(status, Some(1), "{report}{errors}");
    // Text has no notion of visibility: the two hidden cases show their name and verdict only.
    assert!(
        report.contains("#2 prints-three: Wrong answer\n#3 prints-two: Wrong answer\n"),
        "{report}"
    );
    assert!(!report.contains("Wrong answer in test #"), "{report}");

    let gradescope = json(&dir.path().join("gradescope.json"));
    assert_eq!(gradescope["score"], 3.0);
    let tests = gradescope["tests"].as_array().expect("tests");
    let summary: Vec<(&str, f64, &str)> = tests
        .iter()
        .map(|test| {
            (
                test["name"].as_str().expect("a name"),
                test["max_score"].as_f64().expect("a number"),
                test["visibility"].as_str().expect("a visibility"),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("prints-one", 3.0, "visible"),
            ("prints-three", 3.0, "after_due_date"),
            ("prints-two", 4.0, "hidden"),
        ]
    );
    // Gradescope hides them itself: it gets the feedback.
    assert!(
        tests[2]["output"]
            .as_str()
            .is_some_and(|output| output.starts_with("Wrong answer in test #3"))
    );

    let prairielearn = json(&dir.path().join("prairielearn.json"));
    assert_eq!(prairielearn["score"], 0.3);
    assert_eq!(prairielearn["tests"][2]["message"], "Wrong answer");
    assert_eq!(prairielearn["tests"][2]["output"], "");
    assert_eq!(prairielearn["tests"][2]["max_points"], 4.0);

    let vpl = fs::read_to_string(dir.path().join("vpl.txt")).expect("written");
    assert!(
        vpl.contains("-#3 prints-two: Wrong answer\n--|>\nGrade :=>> 3\n"),
        "{vpl}"
    );
    let junit = fs::read_to_string(dir.path().join("junit.xml")).expect("written");
    assert!(
        junit.contains("<failure message=\"Wrong answer\" type=\"Wrong answer\"></failure>"),
        "{junit}"
    );

    let results = results(&dir.path().join("results.json"));
    assert_eq!(
        (results["points"].as_f64(), results["max_points"].as_f64()),
        (Some(3.0), Some(10.0))
    );
    assert_eq!(results["tests"][2]["visibility"], "hidden");
    assert_eq!(results["tests"][2]["points"], 0.0);
    assert_eq!(results["tests"][0]["points"], 3.0);
}

/// A kata that says nothing of points writes the JSON results it always wrote, no points and
/// no visibility, and the limits its cases ran within, as this machine held them.
fn without_points_the_json_results_are_as_they_were_with_the_limits() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    write_kata(&dir.path().join("words"), "", &THREE_WORDS);
    let (status, report, errors) = grade_in(
        dir.path(),
        &[
            "--kata",
            "words",
            "1",
            "--all",
            "--json",
            "results.json",
            "--",
            "echo",
            "one",
        ],
    );
    assert_eq!(status, Some(1), "{report}{errors}");
    let results = results(&dir.path().join("results.json"));
    let keys: Vec<&String> = results.as_object().expect("an object").keys().collect();
    assert_eq!(
        keys,
        [
            "criterion",
            "limits",
            "message",
            "mode",
            "sandbox",
            "scores",
            "status",
            "tests",
            "version"
        ]
    );
    let grouped = matches!(
        runner::cgroup::support(),
        runner::cgroup::Support::Enforced { .. }
    );
    let sandboxed = matches!(
        runner::sandbox::Sandbox::new(&[]).support(),
        runner::sandbox::Support::Enforced { .. }
    );
    let disk_by = match runner::disk::support() {
        _ if !sandboxed => "file-size",
        runner::disk::Support::OwnFileSystem { .. } => "tmpfs",
        runner::disk::Support::Polled(_) => "home-size",
    };
    assert_eq!(
        results["limits"],
        serde_json::json!({
            "time_ms": 10_000,
            "output_bytes": 1 << 20,
            "memory_bytes": grouped.then_some(512 << 20),
            "processes": grouped.then_some(1024),
            "disk_bytes": 256 << 20,
            "disk_by": disk_by,
        })
    );
    let case_keys: Vec<&String> = results["tests"][0]
        .as_object()
        .expect("an object")
        .keys()
        .collect();
    assert_eq!(
        case_keys,
        [
            "content",
            "duration_ms",
            "message",
            "mode",
            "name",
            "output",
            "status",
            "task_id",
            "verdict"
        ]
    );
    assert!(report.contains("Wrong answer in test #2"), "{report}");
}
