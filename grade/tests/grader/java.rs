//! Java, the language whose programs most often fail a grader that gives all input at once:
//! a `Scanner` reading one answer at a time passes, and one that does not expect the end of its
//! input crashes with the exception named, one reading two numbers with `nextInt()` from a
//! one-number answer is told what it did, and one with 200 threads of its own passes within the
//! default limits, as does one holding 200 MB with 60 threads, its heap sized to the memory
//! limit; one holding 900 MB breaks the memory limit, and is told so with its error. The
//! programs are compiled by one `javac` run, the slowest step of the whole suite, and run with a
//! JVM set to start quickly.

use std::ffi::OsString;
use std::path::Path;
use std::process::Command;

use test_support::{Trial, test_with, toolchain};

use crate::waiting::{graded_passes, interactive};
use crate::{args, grade, snapshot, tests_dir};

/// How the programs are started: the first tier of the JIT alone and one garbage-collector
/// thread start a small program in about half the time, and change nothing it does.
const JVM_FLAGS: [&str; 2] = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

pub(crate) fn trials() -> Vec<Trial> {
    // A `javac` and four JVMs: a second and a half of CPU, the most of any trial, so left to
    // `scripts/grade-languages` (which CI runs) rather than every `cargo test`.
    vec![test_support::slow(
        test_with(
            "java::a_scanner_program_passes_and_one_surprised_by_the_end_of_input_names_its_exception",
            || interactive(toolchain::jdk()),
            |jdk| {
                let built = tempfile::tempdir().expect("a temporary folder");
                let compiled = Command::new(&jdk.javac)
                    .current_dir(tests_dir())
                    .args(JVM_FLAGS.map(|flag| format!("-J{flag}")))
                    .arg("-d")
                    .arg(built.path())
                    .args([
                        "submissions/java/Main.java",
                        "submissions/java/Stage5.java",
                        "submissions/java/Stage4NextInt.java",
                        "submissions/java/Threads.java",
                        "submissions/java/Holding.java",
                        "submissions/java/HoldsTwoHundredMegabytes.java",
                        "submissions/java/HoldsNineHundredMegabytes.java",
                    ])
                    .status()
                    .expect("javac runs");
                assert!(compiled.success(), "javac: {compiled}");
                let command = |class: &str| -> Vec<OsString> {
                    let mut words: Vec<OsString> = vec![jdk.java.clone().into()];
                    words.extend(JVM_FLAGS.map(OsString::from));
                    words.extend(["-cp".into(), built.path().into(), class.into()]);
                    words
                };
                // The four gradings side by side: each waits on JVMs starting more than on a core.
                std::thread::scope(|scope| {
                    scope.spawn(|| {
                        graded_passes(
                            2,
                            &command("Main"),
                            &[(built.path(), "<build>"), (&jdk.java, "java")],
                            "a_java_program_reading_with_a_scanner_passes",
                        );
                    });
                    scope.spawn(|| {
                        crash_names_its_exception(&command("Stage5"), built.path(), &jdk.java);
                    });
                    scope.spawn(|| {
                        // One case is enough to start its threads, and a JVM a case is the suite's slowest.
                        let one = built.path().join("one-case");
                        std::fs::create_dir(&one).expect("a folder");
                        let case = "mixed-grid-spec-example.snap";
                        std::fs::copy(
                            tests_dir().join("fixtures/stage2").join(case),
                            one.join(case),
                        )
                        .expect("a fixture copied");
                        let mut threads = args(&["2", "--fixtures"]);
                        threads.push(one.into());
                        threads.push("--".into());
                        threads.extend(command("Threads"));
                        let graded = grade(&threads);
                        assert_eq!(graded.status, Some(0), "{}", graded.report);
                        assert!(
                            graded.report.contains("1 passed, 0 failed"),
                            "{}",
                            graded.report
                        );
                    });
                    scope.spawn(|| {
                        holding_what_the_limit_grants_passes(&command("HoldsTwoHundredMegabytes"));
                    });
                    scope.spawn(|| {
                        holding_more_breaks_the_memory_limit(
                            &command("HoldsNineHundredMegabytes"),
                            built.path(),
                            &jdk.java,
                        );
                    });
                    next_int_takes_the_answer_and_waits(
                        &command("Stage4NextInt"),
                        built.path(),
                        &jdk.java,
                    );
                });
            },
        ),
        "slow: scripts/grade-languages runs it",
    )]
}

/// A Java stage 4 that reads coordinates with `Scanner.nextInt()`, given one number, takes it
/// and waits for a second one on the next line without writing anything: no flush would have
/// shown what it should have written, and the feedback says what it did instead. Graded on
/// fixtures of its own (`tests/feedback-fixtures/`), every case.
fn next_int_takes_the_answer_and_waits(command: &[OsString], built: &Path, java: &Path) {
    let mut words = args(&["4", "--all", "--fixtures", "feedback-fixtures", "--"]);
    words.extend_from_slice(command);
    let graded = grade(&words);
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    snapshot(
        "a_java_next_int_reader_takes_one_number_and_waits_for_another",
        &graded
            .report
            .replace(&built.display().to_string(), "<build>")
            .replace(&java.display().to_string(), "java"),
    );
}

/// A Java stage 1 holding 200 MB with 60 threads passes under the default limits: its JVM's
/// heap is sized to the memory limit, not a quarter of it.
fn holding_what_the_limit_grants_passes(command: &[OsString]) {
    let mut words = args(&["1", "--fixtures", "fixtures", "--"]);
    words.extend_from_slice(command);
    let graded = grade(&words);
    assert_eq!(graded.status, Some(0), "{}", graded.report);
    assert!(
        graded.report.contains("1 passed, 0 failed"),
        "{}",
        graded.report
    );
}

/// The same holding 900 MB breaks the memory limit, and the report shows the error its JVM
/// named, never that the program could not start.
fn holding_more_breaks_the_memory_limit(command: &[OsString], built: &Path, java: &Path) {
    let mut words = args(&["1", "--fixtures", "fixtures", "--"]);
    words.extend_from_slice(command);
    let graded = grade(&words);
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    snapshot(
        "a_java_program_holding_more_than_its_memory_limit_breaks_it",
        &graded
            .report
            .replace(&built.display().to_string(), "<build>")
            .replace(&java.display().to_string(), "java"),
    );
}

/// A Java stage 5 that misses a win on the bottom row asks for another move, and `Scanner`
/// throws at the end of the input: the report names the exception and shows the game's fault.
/// Java's own line numbers vary with its version, so they are masked.
fn crash_names_its_exception(command: &[OsString], built: &Path, java: &Path) {
    let mut words = args(&["5", "--"]);
    words.extend_from_slice(command);
    let graded = grade(&words);
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    let report: Vec<String> = graded
        .report
        .replace(&built.display().to_string(), "<build>")
        .replace(&java.display().to_string(), "java")
        .lines()
        .map(|line| match line.split_once("(Scanner.java:") {
            Some((frame, _)) => format!("{frame}(Scanner.java:N)"),
            None => line.to_owned(),
        })
        .collect();
    snapshot(
        "a_java_crash_at_end_of_input_names_its_exception",
        &(report.join("\n") + "\n"),
    );
}
