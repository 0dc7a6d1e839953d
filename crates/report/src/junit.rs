//! JUnit XML, in the dialect of the Jenkins xUnit plugin's `junit-10.xsd` that CI dashboards
//! read: `<testsuites>` of a `<testsuite>` a program (a submission, in a class), a `<testcase>`
//! a case with a `<failure>` (a wrong output) or an `<error>` (it could not run to its end) and
//! its output in `<system-out>`. JUnit has no hidden cases: a hidden case shows its name and
//! verdict only.

use std::fmt::Write;

use crate::markup::escape;
use crate::model::{CaseEntry, ClassResults, ProgramResults, Status};

/// The document of one program's results, its suite named `label`.
#[must_use]
pub fn program(results: &ProgramResults, label: &str) -> String {
    document(&[(label, results)], false)
}

/// The document of a class: a suite a submission.
#[must_use]
pub fn class(class: &ClassResults) -> String {
    let suites: Vec<(&str, &ProgramResults)> = class
        .submissions
        .iter()
        .map(|entry| (entry.name.as_str(), &entry.results))
        .collect();
    document(&suites, true)
}

/// The document of `suites`, each a name and its results; each case's class name is its
/// suite's, a submission's, when `by_submission`.
fn document(suites: &[(&str, &ProgramResults)], by_submission: bool) -> String {
    let counts: Vec<Counts> = suites
        .iter()
        .map(|(_, results)| Counts::of(results))
        .collect();
    let total = counts.iter().fold(Counts::default(), |sum, each| Counts {
        tests: sum.tests + each.tests,
        failures: sum.failures + each.failures,
        errors: sum.errors + each.errors,
        milliseconds: sum.milliseconds + each.milliseconds,
    });
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        xml,
        "<testsuites name=\"grade\" tests=\"{}\" failures=\"{}\" errors=\"{}\" time=\"{}\">",
        total.tests,
        total.failures,
        total.errors,
        seconds(total.milliseconds)
    );
    for ((name, results), counts) in suites.iter().zip(&counts) {
        let _ = writeln!(
            xml,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"0\" time=\"{}\">",
            escape(name),
            counts.tests,
            counts.failures,
            counts.errors,
            seconds(counts.milliseconds)
        );
        let stage = results
            .stage()
            .map_or_else(|| "build".to_owned(), |stage| format!("stage{stage}"));
        let class_name = if by_submission {
            format!("{name}.{stage}")
        } else {
            stage
        };
        for case in &results.tests {
            test_case(&mut xml, &class_name, case);
        }
        if !results.graded_at_all() {
            let why = results.message.as_deref().unwrap_or("not graded");
            let _ = writeln!(
                xml,
                "    <testcase name=\"build\" classname=\"{}\" time=\"0.000\">\n      <error message=\"{}\" type=\"Not graded\">{}</error>\n    </testcase>",
                escape(&class_name),
                escape(why.lines().next().unwrap_or_default()),
                escape(why)
            );
        }
        xml.push_str("  </testsuite>\n");
    }
    xml.push_str("</testsuites>\n");
    xml
}

/// Writes one `<testcase>`.
fn test_case(xml: &mut String, class_name: &str, case: &CaseEntry) {
    let _ = write!(
        xml,
        "    <testcase name=\"{}\" classname=\"{}\" time=\"{}\">",
        escape(&case.name),
        escape(class_name),
        seconds(case.duration_ms)
    );
    if case.passed() {
        xml.push_str("</testcase>\n");
        return;
    }
    let element = if case.status == Status::Error {
        "error"
    } else {
        "failure"
    };
    let _ = write!(
        xml,
        "\n      <{element} message=\"{verdict}\" type=\"{verdict}\">{}</{element}>\n",
        escape(case.shown_message().unwrap_or_default()),
        verdict = escape(&case.verdict),
    );
    if let Some(output) = case.shown_output() {
        let _ = writeln!(xml, "      <system-out>{}</system-out>", escape(output));
    }
    // A CI dashboard is the instructor's: what the kata's own judge said for them.
    if let Some(message) = &case.judge_message {
        let _ = writeln!(xml, "      <system-err>{}</system-err>", escape(message));
    }
    xml.push_str("    </testcase>\n");
}

/// A suite's counts.
#[derive(Clone, Copy, Default)]
struct Counts {
    tests: usize,
    failures: usize,
    errors: usize,
    milliseconds: u64,
}

impl Counts {
    fn of(results: &ProgramResults) -> Counts {
        let not_graded = usize::from(!results.graded_at_all());
        Counts {
            tests: results.tests.len() + not_graded,
            failures: results
                .tests
                .iter()
                .filter(|case| case.status == Status::Fail)
                .count(),
            errors: results
                .tests
                .iter()
                .filter(|case| case.status == Status::Error)
                .count()
                + not_graded,
            milliseconds: results.tests.iter().map(|case| case.duration_ms).sum(),
        }
    }
}

/// Seconds with three decimals, as the schema's `SUREFIRE_TIME` takes them.
fn seconds(milliseconds: u64) -> String {
    format!("{}.{:03}", milliseconds / 1000, milliseconds % 1000)
}
