//! `kata dev check` on a problem package as its setter uses it: a table of every submission,
//! the verdict its folder names beside the one it got, the case that decided and its time, in
//! the package's order however many run at once; `--submissions GLOB` to run some, a pattern
//! that selects none a usage error. Here on a package of Bash submissions made in a temporary
//! folder, which start at once; the packages kept as test data, whose submissions are compiled,
//! are checked by `scripts/packages` (these trials with `--include-ignored`).

use std::fs;
use std::path::{Path, PathBuf};

use test_support::{Trial, slow, test};

use crate::{Ran, kata};

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test(
            "setter::a_row_a_submission_with_its_expected_and_got_verdicts_case_and_time",
            rows_of_every_submission,
        ),
        test(
            "setter::submissions_are_selected_by_path_or_folder",
            selected_by_glob,
        ),
        test(
            "setter::a_pattern_that_selects_nothing_is_a_usage_error",
            glob_matching_nothing,
        ),
        test(
            "setter::submissions_of_a_kata_that_is_no_package_is_a_usage_error",
            not_a_package,
        ),
        test(
            "setter::rows_keep_the_packages_order_whatever_ends_first",
            order_kept,
        ),
        test(
            "setter::a_legacy_package_adds_its_included_files_and_only_warns_of_a_score",
            legacy_included_and_scored,
        ),
        test(
            "setter::an_inferred_time_limit_is_written_to_timelimit_where_asked",
            inferred_time_limit_written_where_asked,
        ),
        test(
            "setter::the_time_limit_is_inferred_from_every_submission_that_may_not_time_out",
            time_limit_from_every_lower_bound,
        ),
        slow(
            Trial::test("setter::the_rows_of_a_package_kept_as_test_data", || {
                test_support::within(
                    std::time::Duration::from_secs(600),
                    "kata dev check on any-factor",
                    any_factor_rows,
                );
                Ok(())
            }),
            "compiles C submissions: scripts/packages runs it",
        ),
    ]
}

/// A 2025-09 problem package of Bash submissions, in a temporary folder: it echoes its line.
struct Echo {
    _dir: tempfile::TempDir,
    folder: PathBuf,
}

impl Echo {
    /// The package with `submissions`, each a path under `submissions/` and its script.
    fn new(submissions: &[(&str, &str)]) -> Echo {
        Echo::with(
            "problem_format_version: 2025-09\ntype: pass-fail\nname: Echo\n\
             uuid: 3f6b1c2a-0000-4000-8000-000000000000\nlicense: cc0\n\
             rights_owner: author\nlimits:\n  time_limit: 1\n",
            &[("statement/problem.en.md", "Echo the line.\n")],
            submissions,
        )
    }

    /// The package whose `problem.yaml` is `problem`, with the files `extra` (path and text)
    /// and `submissions`.
    fn with(problem: &str, extra: &[(&str, &str)], submissions: &[(&str, &str)]) -> Echo {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let folder = dir.path().join("echo");
        let echo = Echo { _dir: dir, folder };
        echo.write("problem.yaml", problem);
        for (path, text) in extra {
            echo.write(path, text);
        }
        for (name, line) in [
            ("sample/1", "a"),
            ("secret/01-word", "b"),
            ("secret/02-two", "c d"),
        ] {
            echo.write(&format!("data/{name}.in"), &format!("{line}\n"));
            echo.write(&format!("data/{name}.ans"), &format!("{line}\n"));
        }
        for (path, script) in submissions {
            echo.write(&format!("submissions/{path}"), script);
        }
        echo
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.folder.join(relative);
        fs::create_dir_all(path.parent().expect("in a folder")).expect("its folder");
        fs::write(path, text).expect("written");
    }

    /// `kata dev check ARGS PACKAGE`, its starter in C alone (C is in every `cargo test`).
    fn check(&self, args: &[&str]) -> Ran {
        let folder = self.folder.to_str().expect("UTF-8");
        let mut all = vec!["dev", "check", "--lang", "c"];
        all.extend_from_slice(args);
        all.push(folder);
        kata(&self.folder, &all, "")
    }
}

/// The submissions of the echo package: one of each verdict, and one in `accepted/` that is not.
const SUBMISSIONS: [(&str, &str); 4] = [
    ("accepted/echo.sh", "read -r line\necho \"$line\"\n"),
    (
        "accepted/first-word.sh",
        "read -r word rest\necho \"$word\"\n",
    ),
    ("run_time_error/exits.sh", "exit 3\n"),
    ("wrong_answer/shout.sh", "read -r line\necho \"$line!\"\n"),
];

/// The rows of the table in `ran`'s output, each cut into its columns: submission, expected,
/// got, time, case and what follows.
fn rows(ran: &Ran) -> Vec<Vec<String>> {
    ran.out
        .lines()
        .filter(|line| line.starts_with("submissions/"))
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let mut columns: Vec<String> = words[..3].iter().map(|w| (*w).to_owned()).collect();
            // The time is a number and its unit, or `-`.
            let (time, rest) = if words[3] == "-" {
                ("-".to_owned(), &words[4..])
            } else {
                (format!("{} {}", words[3], words[4]), &words[5..])
            };
            columns.push(time);
            columns.extend(rest.iter().map(|w| (*w).to_owned()));
            columns
        })
        .collect()
}

/// Asserts that `time` is a time as the table shows it: seconds to two decimals.
fn assert_time(time: &str) {
    let seconds = time.strip_suffix(" s").expect("in seconds");
    let (whole, hundredths) = seconds.split_once('.').expect("two decimals");
    assert!(
        !whole.is_empty()
            && whole.chars().all(|c| c.is_ascii_digit())
            && hundredths.len() == 2
            && hundredths.chars().all(|c| c.is_ascii_digit()),
        "{time}"
    );
}

fn rows_of_every_submission() {
    let echo = Echo::new(&SUBMISSIONS);
    let ran = echo.check(&[]);
    assert_eq!(ran.status, 1, "{ran:?}");
    let heading = ran
        .out
        .lines()
        .find(|line| line.starts_with("submission "))
        .expect("a heading");
    let words: Vec<&str> = heading.split_whitespace().collect();
    assert_eq!(words, ["submission", "expected", "got", "time", "case"]);
    let rows = rows(&ran);
    let without_time: Vec<Vec<&str>> = rows
        .iter()
        .map(|row| {
            assert_time(&row[3]);
            row.iter()
                .enumerate()
                .filter(|(column, _)| *column != 3)
                .map(|(_, cell)| cell.as_str())
                .collect()
        })
        .collect();
    assert_eq!(
        without_time,
        [
            // Accepted: its slowest case, one of the three.
            vec![
                "submissions/accepted/echo.sh",
                "accepted",
                "accepted",
                rows[0][4].as_str(),
            ],
            // The first case it fails decides.
            vec![
                "submissions/accepted/first-word.sh",
                "accepted",
                "wrong_answer",
                "secret/02-two",
                "not",
                "the",
                "verdict",
                "of",
                "its",
                "folder",
            ],
            vec![
                "submissions/run_time_error/exits.sh",
                "run_time_error",
                "run_time_error",
                "sample/1",
            ],
            vec![
                "submissions/wrong_answer/shout.sh",
                "wrong_answer",
                "wrong_answer",
                "sample/1",
            ],
        ]
    );
    assert!(
        ["sample/1", "secret/01-word", "secret/02-two"].contains(&rows[0][4].as_str()),
        "{rows:?}"
    );
    let first_word = echo.folder.join("submissions/accepted/first-word.sh");
    assert!(
        ran.out.contains(&format!(
            "{}: a submission of accepted gets wrong_answer (on secret/02-two)\n",
            first_word.display()
        )),
        "{}",
        ran.out
    );
    assert!(ran.out.ends_with("1 problem to fix.\n"), "{}", ran.out);
}

fn selected_by_glob() {
    let echo = Echo::new(&SUBMISSIONS);
    let ran = echo.check(&[
        "--submissions",
        "wrong_answer",
        "--submissions",
        "submissions/*/ech?.sh",
    ]);
    assert_eq!(ran.status, 0, "{ran:?}");
    assert!(
        ran.out
            .contains("submissions: 2 of 4 selected by --submissions\n"),
        "{}",
        ran.out
    );
    let names: Vec<String> = rows(&ran).into_iter().map(|row| row[0].clone()).collect();
    assert_eq!(
        names,
        [
            "submissions/accepted/echo.sh",
            "submissions/wrong_answer/shout.sh"
        ]
    );
    assert!(
        ran.out.contains(
            "stage 1  Echo: every submission selected gets the verdict its folder names\n"
        ),
        "{}",
        ran.out
    );
}

fn glob_matching_nothing() {
    let echo = Echo::new(&SUBMISSIONS);
    let ran = echo.check(&["--submissions", "accepted/*.py"]);
    assert_eq!(ran.status, kata::EXIT_USAGE, "{ran:?}");
    assert_eq!(
        ran.err,
        format!(
            "kata: --submissions accepted/*.py: selects none of the 4 submissions of {}; a \
             pattern is matched against a submission's path under submissions/ (accepted/*.py) \
             or a folder of them (wrong_answer)\n",
            echo.folder.display()
        )
    );
    // Nothing was built or run.
    assert!(!ran.out.contains("time limit"), "{}", ran.out);
    let zero = echo.check(&["--jobs", "0"]);
    assert_eq!(zero.status, kata::EXIT_USAGE, "{zero:?}");
}

fn not_a_package() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let folder = dir.path().join("greeter");
    fs::create_dir_all(folder.join("fixtures/stage1")).expect("made");
    fs::write(
        folder.join("kata-manifest.toml"),
        "name = \"greeter\"\ntitle = \"Greeter\"\n\n[[stages]]\ntitle = \"Greet\"\n\
         description = \"stages/stage1/README.md\"\nfixtures = \"fixtures/stage1\"\n\
         reference = { run = \"sh reference/stage1.sh\" }\n",
    )
    .expect("written");
    let ran = kata(
        dir.path(),
        &["dev", "check", "--submissions", "accepted", "greeter"],
        "",
    );
    assert_eq!(ran.status, kata::EXIT_USAGE, "{ran:?}");
    assert_eq!(
        ran.err,
        format!(
            "kata: --submissions selects a problem package's submissions, and {} is a kata with \
             no submissions/\n",
            folder.display()
        )
    );
}

fn order_kept() {
    // The first ends last: rows still come in the package's order.
    let echo = Echo::new(&[
        (
            "accepted/a-slow.sh",
            "sleep 0.2\nread -r line\necho \"$line\"\n",
        ),
        ("accepted/b-quick.sh", "read -r line\necho \"$line\"\n"),
        ("wrong_answer/c-quick.sh", "echo no\n"),
    ]);
    let ran = echo.check(&["--jobs", "3"]);
    assert_eq!(ran.status, 0, "{ran:?}");
    let rows = rows(&ran);
    let names: Vec<&str> = rows.iter().map(|row| row[0].as_str()).collect();
    assert_eq!(
        names,
        [
            "submissions/accepted/a-slow.sh",
            "submissions/accepted/b-quick.sh",
            "submissions/wrong_answer/c-quick.sh"
        ]
    );
    // Its longest case slept 0.2 s, which is no CPU time: the table shows the time a time limit
    // counts.
    let slow: f64 = rows[0][3]
        .strip_suffix(" s")
        .and_then(|seconds| seconds.parse().ok())
        .expect("a time");
    assert!(slow < 0.2, "{rows:?}");
}

fn legacy_included_and_scored() {
    // A legacy scoring problem whose secret cases score one each, accepted if any is: a
    // submission that passes one of its two cases is accepted with half the full score.
    let echo = Echo::with(
        "name: Echo\ntype: scoring\nlicense: cc0\nrights_owner: author\n",
        &[
            ("problem_statement/problem.en.tex", "Echo the line.\n"),
            (
                "data/testdata.yaml",
                "on_reject: continue\nrange: 0 2\ngrader_flags: ignore_sample\n",
            ),
            (
                "data/secret/testdata.yaml",
                "on_reject: continue\nrange: 0 2\ngrader_flags: sum accept_if_any_accepted\n",
            ),
            ("include/bash/say.sh", "say() { echo \"$1\"; }\n"),
        ],
        &[
            (
                "accepted/echo.sh",
                ". \"$(dirname \"$0\")/say.sh\"\nread -r line\nsay \"$line\"\n",
            ),
            (
                "accepted/first-word.sh",
                ". \"$(dirname \"$0\")/say.sh\"\nread -r word rest\nsay \"$word\"\n",
            ),
            (
                "partially_accepted/echo.sh",
                ". \"$(dirname \"$0\")/say.sh\"\nread -r line\nsay \"$line\"\n",
            ),
            (
                "wrong_answer/shout.sh",
                ". \"$(dirname \"$0\")/say.sh\"\nread -r line\nsay \"$line!\"\n",
            ),
        ],
    );
    let ran = echo.check(&[]);
    assert_eq!(ran.status, 0, "{ran:?}");
    assert!(
        ran.out.contains(
            "included: include/bash/ added to each submission in Bash before it is built\n"
        ),
        "{}",
        ran.out
    );
    let rows = rows(&ran);
    let got: Vec<(&str, &str, String)> = rows
        .iter()
        .map(|row| (row[0].as_str(), row[2].as_str(), row[5..].join(" ")))
        .collect();
    assert_eq!(
        got,
        [
            (
                "submissions/accepted/echo.sh",
                "accepted",
                "score 2 of 2".to_owned()
            ),
            (
                "submissions/accepted/first-word.sh",
                "partially_accepted",
                "score 1 of 2; short of the full score: problemtools warns, consider \
                 partially_accepted"
                    .to_owned()
            ),
            (
                "submissions/partially_accepted/echo.sh",
                "accepted",
                "score 2 of 2; the full score: problemtools warns, consider accepted".to_owned()
            ),
            (
                "submissions/wrong_answer/shout.sh",
                "wrong_answer",
                "score 0 of 2".to_owned()
            ),
        ],
        "{}",
        ran.out
    );
}

/// `crates/kata-model/tests/packages/NAME`.
fn kept_package(name: &str) -> PathBuf {
    test_support::manifest_dir()
        .parent()
        .expect("kata/ is in the workspace")
        .join("crates/kata-model/tests/packages")
        .join(name)
}

fn any_factor_rows() {
    let package = kept_package("any-factor");
    let ran = kata(
        Path::new("."),
        &[
            "dev",
            "check",
            "--lang",
            "c",
            package.to_str().expect("UTF-8"),
        ],
        "",
    );
    assert_eq!(ran.status, 0, "{ran:?}");
    let decided: Vec<[String; 4]> = rows(&ran)
        .into_iter()
        .map(|row| {
            assert_time(&row[3]);
            [
                row[0].clone(),
                row[1].clone(),
                row[2].clone(),
                row[4].clone(),
            ]
        })
        .collect();
    let owned = |cells: [&str; 4]| cells.map(str::to_owned);
    // An accepted submission's case is its slowest, which the machine decides.
    assert_eq!(
        decided[..2]
            .iter()
            .map(|row| [&row[0][..], &row[1][..], &row[2][..]])
            .collect::<Vec<_>>(),
        [
            ["submissions/accepted/largest.py", "accepted", "accepted"],
            ["submissions/accepted/smallest.c", "accepted", "accepted"],
        ]
    );
    assert_eq!(
        decided[2..],
        [
            owned([
                "submissions/run_time_error/empty-input.py",
                "run_time_error",
                "run_time_error",
                "sample/1"
            ]),
            owned([
                "submissions/wrong_answer/always-three.c",
                "wrong_answer",
                "wrong_answer",
                "secret/01-two-primes"
            ]),
            owned([
                "submissions/wrong_answer/one.py",
                "wrong_answer",
                "wrong_answer",
                "sample/1"
            ]),
        ]
    );
}

fn inferred_time_limit_written_where_asked() {
    // A legacy package without a time limit: the format's is the slowest accepted submission's
    // time times 5, rounded up to whole seconds, so 1 s for a Bash script that echoes a line.
    let echo = Echo::with(
        "name: Echo\nlicense: cc0\nrights_owner: author\n",
        &[("problem_statement/problem.en.tex", "Echo the line.\n")],
        &SUBMISSIONS[..1],
    );
    let file = echo.folder.join(".timelimit");
    let inferred = "time limit: 1 s (the slowest time of the submissions that bound it from \
                    below, times 5, rounded up to a multiple of 1 s: submissions/accepted/echo.sh \
                    took ";
    let ran = echo.check(&[]);
    assert_eq!(ran.status, 0, "{ran:?}");
    assert!(ran.out.contains(inferred), "{}", ran.out);
    assert!(
        ran.out.contains(
            "; grade runs the package at its own 2 s, unless --write-time-limit keeps this one in \
             .timelimit\n"
        ),
        "{}",
        ran.out
    );
    assert!(!file.exists(), "a check writes nothing unless asked");
    let written = echo.check(&["--write-time-limit"]);
    assert_eq!(written.status, 0, "{written:?}");
    assert!(written.out.contains(inferred), "{}", written.out);
    assert!(
        written.out.contains(
            "; written to .timelimit, which grade reads (remove it to infer the limit again)\n"
        ),
        "{}",
        written.out
    );
    assert_eq!(fs::read_to_string(&file).expect("written"), "1\n");
    let again = echo.check(&[]);
    assert!(
        again.out.contains("time limit: 1 s (.timelimit)\n"),
        "{}",
        again.out
    );
}

fn time_limit_from_every_lower_bound() {
    // A 2025-09 package without a time limit: every submission that may not time out bounds it
    // from below, a wrong answer too, here one that spins before it answers the third case.
    let spins = "read -r line\nif [ \"$line\" = \"c d\" ]; then i=0; while [ $i -lt 30000 ]; \
                 do i=$((i+1)); done; fi\necho \"$line!\"\n";
    let echo = Echo::with(
        "problem_format_version: 2025-09\ntype: pass-fail\nname: Echo\n\
         uuid: 3f6b1c2a-0000-4000-8000-000000000000\nlicense: cc0\nrights_owner: author\n",
        &[("statement/problem.en.md", "Echo the line.\n")],
        &[SUBMISSIONS[0], ("wrong_answer/spins-then-shouts.sh", spins)],
    );
    let from = "time limit: 1 s (the slowest time of the submissions that bound it from below, \
                times 2, rounded up to a multiple of 1 s: ";
    let ran = echo.check(&[]);
    assert_eq!(ran.status, 0, "{ran:?}");
    assert!(
        ran.out.contains(&format!(
            "{from}submissions/wrong_answer/spins-then-shouts.sh took "
        )) && ran.out.contains(" s on secret/02-two)"),
        "{}",
        ran.out
    );
    // `use_for_time_limit: false` on the folder's key takes its submissions out.
    echo.write(
        "submissions/submissions.yaml",
        "wrong_answer:\n  use_for_time_limit: false\n",
    );
    let ran = echo.check(&[]);
    assert_eq!(ran.status, 0, "{ran:?}");
    assert!(
        ran.out
            .contains(&format!("{from}submissions/accepted/echo.sh took ")),
        "{}",
        ran.out
    );
}
