//! A class spread over machines: graded in slices (`--shard I/N`, `--shard auto`) and merged
//! (`grade merge`), the same results as one run over the whole class.

use std::fs;
use std::path::Path;

use test_support::Trial;

use crate::katas::grade_in;
use crate::points::write_kata;

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("shards":
        a_class_of_40_in_4_shards_merges_into_the_results_of_one_run,
        merge_refuses_parts_graded_otherwise_naming_what_differs,
        merge_writes_to_standard_output_only_what_no_format_sends_elsewhere,
        results_files_are_made_as_the_umask_says,
    )
}

/// The JSON results with every duration made 0: what must be the same, byte for byte.
fn without_times(text: &str) -> String {
    text.lines()
        .map(|line| match line.find("\"duration_ms\": ") {
            Some(at) => format!("{}\"duration_ms\": 0,", &line[..at]),
            None => line.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Forty submissions, each answering `one` or something else, and one with no answer at all
/// (its program crashes).
fn write_class(dir: &Path) {
    for n in 0..40 {
        let folder = dir.join(format!("student-{n:02}"));
        fs::create_dir_all(&folder).expect("a folder");
        if n != 17 {
            let word = ["one", "two"][n % 2];
            fs::write(folder.join("answer.txt"), format!("{word}\n")).expect("written");
        }
    }
}

fn a_class_of_40_in_4_shards_merges_into_the_results_of_one_run() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // One case of 10 points: a slice's cost is its processes, not its cases.
    write_kata(&dir.path().join("words"), "points = 10\n", &["one"]);
    write_class(&dir.path().join("class"));
    let graded = |more: &[&str]| {
        let mut words = vec!["--kata", "words", "1", "--class", "class"];
        words.extend_from_slice(more);
        // The sandbox is not what is tested here, and it costs the most of each case.
        words.extend_from_slice(&["--no-sandbox", "--", "cat", "{}/answer.txt"]);
        let (status, report, errors) = grade_in(dir.path(), &words);
        assert_eq!(status, Some(1), "{more:?}: {report}{errors}");
        report
    };
    // The whole class and its four slices, graded at once as the machines of a class would.
    let reports: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = (0..=4)
            .map(|index| {
                let graded = &graded;
                scope.spawn(move || {
                    if index == 0 {
                        graded(&["--json", "whole.json"])
                    } else {
                        let shard = format!("{index}/4");
                        let part = format!("part-{index}.json");
                        graded(&["--shard", &shard, "--json", &part])
                    }
                })
            })
            .collect();
        runs.into_iter()
            .map(|run| run.join().expect("a slice graded"))
            .collect()
    });
    let rows: usize = reports[1..]
        .iter()
        .map(|report| {
            report
                .lines()
                .filter(|line| line.starts_with("student-"))
                .count()
        })
        .sum();
    assert_eq!(rows, 40, "every submission graded in exactly one slice");
    // The parts in another order than their slices: merge does not care.
    let (status, merged, errors) = grade_in(
        dir.path(),
        &[
            "merge",
            "part-3.json",
            "part-1.json",
            "part-4.json",
            "part-2.json",
        ],
    );
    assert_eq!(status, Some(0), "{errors}");
    let whole = fs::read_to_string(dir.path().join("whole.json")).expect("written");
    // Each part, the merge and the whole are results as the schema documents them.
    for part in 1..=4 {
        let part = dir.path().join(format!("part-{part}.json"));
        crate::results_json(&fs::read_to_string(part).expect("written"));
    }
    crate::results_json(&merged);
    crate::results_json(&whole);
    assert_eq!(without_times(&merged), without_times(&whole));
    assert!(whole.contains("\"max_points\": 10.0"), "{whole}");

    let (status, _, errors) = grade_in(
        dir.path(),
        &["merge", "part-1.json", "part-2.json", "part-4.json"],
    );
    assert_eq!(status, Some(2));
    assert!(errors.contains("slice 3/4 is missing"), "{errors}");
    let (status, _, errors) = grade_in(dir.path(), &["merge", "part-1.json", "whole.json"]);
    assert_eq!(status, Some(2));
    assert!(
        errors.contains("whole.json is not a slice of a class"),
        "{errors}"
    );
}

/// Grades slice `shard` of the class in `dir` with `more` options into `part`.
fn grade_part(dir: &Path, shard: &str, part: &str, more: &[&str]) {
    let mut words = vec!["--kata", "words", "1", "--class", "class", "--shard", shard];
    words.extend_from_slice(&["--json", part, "--no-sandbox"]);
    words.extend_from_slice(more);
    if !more.contains(&"--") {
        words.extend_from_slice(&["--", "cat", "{}/answer.txt"]);
    }
    let (status, report, errors) = grade_in(dir, &words);
    assert!(matches!(status, Some(0 | 1)), "{words:?}: {report}{errors}");
}

/// A class of four in `dir`, its kata `words`, and its first slice of two graded.
fn class_in_two_slices(dir: &Path) {
    write_kata(&dir.join("words"), "", &["one"]);
    for (name, word) in [("ann", "one"), ("bob", "two"), ("cy", "one"), ("di", "two")] {
        fs::create_dir_all(dir.join("class").join(name)).expect("a folder");
        fs::write(dir.join(format!("class/{name}/answer.txt")), word).expect("written");
    }
    grade_part(dir, "1/2", "part-1.json", &[]);
}

fn merge_refuses_parts_graded_otherwise_naming_what_differs() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    class_in_two_slices(dir.path());
    // Graded the same way, the two slices merge.
    grade_part(dir.path(), "2/2", "part-2.json", &[]);
    let (status, _, errors) = grade_in(dir.path(), &["merge", "part-1.json", "part-2.json"]);
    assert_eq!(status, Some(0), "{errors}");
    // The second slice graded otherwise by the grader itself, in each way that decides verdicts.
    let otherwise: [(&[&str], &str); 3] = [
        (&["--content"], "different criteria (`exact` and `content`)"),
        (
            &["--timeout", "3"],
            "different limits (time_ms 10000 and time_ms 3000)",
        ),
        (
            &["--", "sh", "-c", "cat {}/answer.txt"],
            "different commands (`cat {}/answer.txt` and `sh -c cat {}/answer.txt`)",
        ),
    ];
    for (more, said) in otherwise {
        grade_part(dir.path(), "2/2", "part-2.json", more);
        let (status, _, errors) = grade_in(dir.path(), &["merge", "part-1.json", "part-2.json"]);
        assert_eq!(status, Some(2), "{more:?}");
        assert!(
            errors.starts_with(
                "grade merge: part-1.json and part-2.json were graded with different "
            ) && errors.contains(said)
                && errors.ends_with(": the parts of a class must be graded the same way\n"),
            "{more:?}: {errors}"
        );
    }
    // The same kata's fixtures changed between the slices: the same name, another digest.
    fs::write(
        dir.path().join("words/fixtures/stage1/prints-one.snap"),
        "---\ndescription: \"Print one, shouting.\"\n---\nONE\n",
    )
    .expect("written");
    grade_part(dir.path(), "2/2", "part-2.json", &[]);
    let (status, _, errors) = grade_in(dir.path(), &["merge", "part-1.json", "part-2.json"]);
    assert_eq!(status, Some(2));
    assert!(
        errors.contains("different copies of the kata (its manifest or cases differ)"),
        "{errors}"
    );
    // What the grader cannot be made to differ in here (another kata, stage, grader, input
    // mode, sandbox), each written into the part as another grading would have.
    let part =
        crate::results_json(&fs::read_to_string(dir.path().join("part-1.json")).expect("read"));
    let fields: [(&[&str], serde_json::Value, &str); 5] = [
        (
            &["graded", "kata"],
            "sums".into(),
            "different katas (`words` and `sums`)",
        ),
        (
            &["task_id"],
            2.into(),
            "different stages (stage 1 and stage 2)",
        ),
        (
            &["graded", "grader"],
            "grade 0.0.1".into(),
            "different graders",
        ),
        (&["mode"], "whole-input".into(), "different input modes"),
        (&["sandbox"], "landlock".into(), "different sandboxes"),
    ];
    for (path, value, said) in fields {
        let mut changed = part.clone();
        let mut slot = &mut changed;
        for key in path {
            slot = &mut slot[*key];
        }
        *slot = value;
        changed["shard"]["index"] = 2.into();
        fs::write(dir.path().join("part-2.json"), changed.to_string()).expect("written");
        let (status, _, errors) = grade_in(dir.path(), &["merge", "part-1.json", "part-2.json"]);
        assert_eq!(status, Some(2), "{path:?}");
        assert!(errors.contains(said), "{path:?}: {errors}");
    }
}

fn merge_writes_to_standard_output_only_what_no_format_sends_elsewhere() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    class_in_two_slices(dir.path());
    grade_part(dir.path(), "2/2", "part-2.json", &[]);
    let merge = |more: &[&str]| {
        let mut words = vec!["merge", "part-1.json", "part-2.json"];
        words.extend_from_slice(more);
        let (status, out, errors) = grade_in(dir.path(), &words);
        assert_eq!(status, Some(0), "{more:?}: {errors}");
        out
    };
    assert_eq!(merge(&["--format", "html=class.html"]), "");
    assert!(
        fs::read_to_string(dir.path().join("class.html")).is_ok_and(|page| page.contains("ann"))
    );
    assert!(
        merge(&[]).starts_with("{"),
        "the JSON when nothing else is asked for"
    );
    assert!(merge(&["--format", "junit"]).starts_with("<?xml"));
}

fn results_files_are_made_as_the_umask_says() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("a temporary folder");
    class_in_two_slices(dir.path());
    grade_part(dir.path(), "2/2", "part-2.json", &[]);
    for (umask, mode) in [("022", 0o644), ("077", 0o600)] {
        let status = std::process::Command::new("sh")
            .args(["-c", &format!("umask {umask} && exec \"$0\" \"$@\"")])
            .arg(assert_cmd::cargo::cargo_bin("grade"))
            .args([
                "merge",
                "part-1.json",
                "part-2.json",
                "--format",
                "json=class.json",
            ])
            .current_dir(dir.path())
            .status()
            .expect("grade runs");
        assert!(status.success());
        let written = fs::metadata(dir.path().join("class.json")).expect("written");
        assert_eq!(written.permissions().mode() & 0o777, mode, "umask {umask}");
    }
}
