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
