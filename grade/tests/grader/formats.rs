//! `--format`: every platform's results written from one run, each checked against its
//! platform's schema (`tests/schemas/`), and the ways a request for a format is refused.

use std::fs;
use std::path::Path;

use base64::Engine;
use serde_json::Value;
use test_support::Trial;

use crate::{args, grade, submission, tests_dir};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("formats":
        a_class_in_every_format_writes_every_file_each_valid_against_its_schema,
        one_program_in_every_format_writes_each_valid_against_its_schema,
        the_gradebook_reads_as_a_row_a_submission_whatever_the_folders_are_named,
        requests_for_formats_that_cannot_be_met_are_usage_errors,
    )
}

/// The formats of one submission, each with its file in a class (`{}` for the submission).
const PLATFORMS: [(&str, &str); 4] = [
    ("github-classroom", "classroom-{}.txt"),
    ("gradescope", "gradescope-{}.json"),
    ("prairielearn", "prairielearn-{}.json"),
    ("vpl", "vpl-{}.txt"),
];

/// A class of a correct submission and a wrong one, graded once with every format.
fn a_class_in_every_format_writes_every_file_each_valid_against_its_schema() {
    let class = tempfile::tempdir().expect("a temporary folder");
    for name in ["correct", "wrong-cell"] {
        fs::create_dir(class.path().join(name)).expect("a folder");
    }
    let out = tempfile::tempdir().expect("a temporary folder");
    let file = |name: &str| out.path().join(name).display().to_string();
    let mut words = vec!["--class".to_owned(), class.path().display().to_string()];
    for (format, name) in [
        ("json", "class.json"),
        ("junit", "class.xml"),
        ("ctrf", "ctrf.json"),
        ("html", "class.html"),
        ("csv", "class.csv"),
        ("text", "class.txt"),
    ]
    .into_iter()
    .chain(PLATFORMS)
    {
        words.push("--format".to_owned());
        words.push(format!("{format}={}", file(name)));
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let mut command = submission(&[], "{}", &[]);
    command.splice(1..1, args(&words));
    let graded = grade(&command);
    assert_eq!(graded.status, Some(1), "{}{}", graded.report, graded.stderr);
    // The text report still goes to standard output, and the same to its file.
    assert!(
        graded.report.ends_with("1 passed, 1 failed\n"),
        "{}",
        graded.report
    );
    let text = read(&out.path().join("class.txt"));
    assert!(graded.report.ends_with(&text), "{text}");

    for name in ["correct", "wrong-cell"] {
        let at = |pattern: &str| out.path().join(pattern.replace("{}", name));
        check_github_classroom(&read(&at(PLATFORMS[0].1)));
        check_gradescope(&read(&at(PLATFORMS[1].1)));
        check_prairielearn(&read(&at(PLATFORMS[2].1)));
        check_vpl(&read(&at(PLATFORMS[3].1)));
    }
    let gradescope = json(&read(&out.path().join("gradescope-wrong-cell.json")));
    assert_eq!(gradescope["score"], 2.0);
    let failed = gradescope["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .find(|test| test["status"] == "failed")
        .expect("a failed test");
    assert_eq!(failed["score"], 0.0);
    assert!(
        failed["output"]
            .as_str()
            .is_some_and(|output| output.starts_with("Wrong answer in test #")),
        "{gradescope}"
    );
    let vpl = read(&out.path().join("vpl-correct.txt"));
    assert!(vpl.ends_with("Grade :=>> 5\n"), "{vpl}");

    let junit = read(&out.path().join("class.xml"));
    check_junit(&junit, 2);
    let ctrf = json(&read(&out.path().join("ctrf.json")));
    validate("ctrf", &ctrf);
    assert_eq!(ctrf["results"]["summary"]["tests"], 10);
    assert_eq!(ctrf["results"]["summary"]["failed"], 3);
    assert_eq!(ctrf["results"]["tests"][5]["suite"][0], "wrong-cell");
    let results = crate::results_json(&read(&out.path().join("class.json")));
    assert_eq!(results["submissions"][1]["passed"], 2);
    let html = read(&out.path().join("class.html"));
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert!(!html.contains("http://") && !html.contains("https://") && !html.contains(" src="));
    // The gradebook: a row a submission, its first failure named with its verdict.
    assert_eq!(
        read(&out.path().join("class.csv")),
        "submission,score,max_score,passed,cases,status,first_failure\n\
         correct,5,5,5,5,pass,\n\
         wrong-cell,2,5,2,5,fail,draw-full-grid: Wrong answer\n"
    );
}

/// One program, a wrong one, in every format but the class's page: JUnit XML without a file,
/// on standard output in place of the text report.
fn one_program_in_every_format_writes_each_valid_against_its_schema() {
    let out = tempfile::tempdir().expect("a temporary folder");
    let file = |name: &str| out.path().join(name).display().to_string();
    let mut words: Vec<String> = Vec::new();
    for (format, name) in [
        ("github-classroom", "classroom.txt"),
        ("gradescope", "gradescope.json"),
        ("prairielearn", "prairielearn.json"),
        ("vpl", "vpl.txt"),
        ("ctrf", "ctrf.json"),
    ] {
        words.push("--format".to_owned());
        words.push(format!("{format}={}", file(name)));
    }
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    // Without --all: a format that gives a score runs every case all the same.
    let graded = grade(&submission(&words, "wrong-cell", &[]));
    assert_eq!(graded.status, Some(1), "{}{}", graded.report, graded.stderr);
    assert!(
        graded
            .report
            .ends_with("2 passed, 3 failed: 2 of 5 exact, 2 of 5 content\n")
    );
    let classroom = check_github_classroom(&read(&out.path().join("classroom.txt")));
    assert_eq!(classroom["status"], "fail");
    assert_eq!(classroom["max_score"], 5.0);
    let scores: Vec<f64> = classroom["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .filter_map(|test| test["score"].as_f64())
        .collect();
    assert_eq!(scores.iter().sum::<f64>(), 2.0, "{classroom}");
    check_gradescope(&read(&out.path().join("gradescope.json")));
    let prairielearn = check_prairielearn(&read(&out.path().join("prairielearn.json")));
    assert_eq!(prairielearn["score"], 0.4);
    check_vpl(&read(&out.path().join("vpl.txt")));
    validate("ctrf", &json(&read(&out.path().join("ctrf.json"))));
}

/// The gradebook read back as a spreadsheet or a learning management system reads a CSV file: a
/// header, then a row a submission, however its folder's name is written (a comma, a quote, a
/// line break, as a learner's name may hold them), with its score, the stage's worth and its
/// status.
fn the_gradebook_reads_as_a_row_a_submission_whatever_the_folders_are_named() {
    let class = tempfile::tempdir().expect("a temporary folder");
    for (name, fault) in [("\"pat\", o'neil", "correct"), ("two\nlines", "wrong-cell")] {
        let folder = class.path().join(name);
        fs::create_dir(&folder).expect("a folder");
        fs::write(folder.join("fault"), fault).expect("written");
    }
    let out = tempfile::tempdir().expect("a temporary folder");
    let gradebook = out.path().join("grades.csv");
    let mut command = submission(&[], "{}", &[]);
    command.splice(
        1..1,
        args(&[
            "--class",
            class.path().to_str().expect("UTF-8"),
            "--format",
            &format!("csv={}", gradebook.display()),
        ]),
    );
    let graded = grade(&command);
    assert_eq!(graded.status, Some(1), "{}{}", graded.report, graded.stderr);
    let mut reader = csv::Reader::from_path(&gradebook).expect("a CSV file");
    let header: Vec<String> = reader
        .headers()
        .expect("a header")
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(
        header,
        [
            "submission",
            "score",
            "max_score",
            "passed",
            "cases",
            "status",
            "first_failure"
        ]
    );
    let rows: Vec<[String; 4]> = reader
        .records()
        .map(|record| {
            let record = record.expect("a row");
            [0, 1, 2, 5].map(|field| record[field].to_owned())
        })
        .collect();
    let row = |name: &str, score: &str, status: &str| [name, score, "5", status].map(str::to_owned);
    assert_eq!(
        rows,
        [
            row("\"pat\", o'neil", "5", "pass"),
            row("two\nlines", "2", "fail"),
        ],
        "{}",
        read(&gradebook)
    );
}

fn requests_for_formats_that_cannot_be_met_are_usage_errors() {
    let refused = |options: &[&str], expected: &str| {
        let graded = grade(&submission(options, "correct", &[]));
        assert_eq!(graded.status, Some(2), "{options:?}: {}", graded.report);
        assert!(
            graded.stderr.contains(expected),
            "{options:?}: {}",
            graded.stderr
        );
    };
    refused(
        &["--format", "xml"],
        "no format `xml`: the formats are text, json",
    );
    refused(
        &["--format", "junit", "--format", "ctrf"],
        "--format junit and --format ctrf both ask for standard output",
    );
    refused(
        &["--format", "html=x.html"],
        "--format html is a class's page",
    );
    refused(
        &["--format", "csv=grades.csv"],
        "--format csv is a class's gradebook, a row a submission: give --class DIR",
    );
    refused(&["--format", "vpl=vpl-{}.txt"], "needs --class DIR");
    refused(
        &["--format", "json=/no/such/folder/results.json"],
        "cannot write the results to /no/such/folder/results.json",
    );
    let class = tempfile::tempdir().expect("a temporary folder");
    fs::create_dir(class.path().join("alice")).expect("a folder");
    let class = class.path().display().to_string();
    refused(
        &["--class", &class, "--format", "gradescope=results.json"],
        "--format gradescope writes one file a submission",
    );
}

/// The elements among `node`'s children.
fn elements<'a, 'input>(node: roxmltree::Node<'a, 'input>) -> Vec<roxmltree::Node<'a, 'input>> {
    node.children()
        .filter(roxmltree::Node::is_element)
        .collect()
}

/// The text of `path`.
fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|error| panic!("{error}: {text}"))
}

/// Asserts that `instance` is valid against `tests/schemas/<name>.schema.json`.
pub(crate) fn validate(name: &str, instance: &Value) {
    let schema = json(&read(
        &tests_dir()
            .join("schemas")
            .join(format!("{name}.schema.json")),
    ));
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|error| format!("{} at {}", error, error.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{name}: {errors:#?}\n{instance:#}");
}

/// A GitHub Classroom result: base64 of a JSON document valid against its schema.
pub(crate) fn check_github_classroom(text: &str) -> Value {
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(text.trim_end())
        .expect("base64");
    let document = json(&String::from_utf8(decoded).expect("UTF-8"));
    validate("github-classroom", &document);
    document
}

fn check_gradescope(text: &str) -> Value {
    let document = json(text);
    validate("gradescope", &document);
    document
}

fn check_prairielearn(text: &str) -> Value {
    let document = json(text);
    validate("prairielearn", &document);
    document
}

/// VPL's rules: every line a comment line, a line of a block between `<|--` and `--|>` (each
/// tag alone on its line), or a grade line, the last grade a number.
pub(crate) fn check_vpl(text: &str) {
    let mut in_block = false;
    let mut grade = None;
    for line in text.lines() {
        match line {
            "<|--" => {
                assert!(!in_block, "a block opened twice: {text}");
                in_block = true;
            }
            "--|>" => {
                assert!(in_block, "a block closed that was not open: {text}");
                in_block = false;
            }
            _ if in_block => assert!(
                line.starts_with('-') || line.starts_with('>'),
                "a block line neither a title nor preformatted: {line:?}"
            ),
            _ => {
                if let Some(value) = line.strip_prefix("Grade :=>>") {
                    grade = Some(value.trim().parse::<f64>().expect("a number"));
                } else {
                    assert!(line.starts_with("Comment :=>>"), "not a VPL line: {line:?}");
                }
            }
        }
    }
    assert!(!in_block, "a block left open: {text}");
    assert!(grade.is_some(), "no grade: {text}");
}

/// JUnit XML by the rules of `junit-10.xsd`: `<testsuites>` of `<testsuite>`s (name, tests,
/// failures and errors required, their counts right, times as the schema writes them), each
/// of `<testcase>`s (name required) holding only failure, error, skipped, system-out and
/// system-err.
fn check_junit(text: &str, suites: usize) {
    let document = roxmltree::Document::parse(text).expect("well-formed XML");
    let root = document.root_element();
    assert!(root.has_tag_name("testsuites"), "{text}");
    let time_like = |time: &str| {
        time.split_once('.').is_some_and(|(whole, part)| {
            whole.chars().all(|c| c.is_ascii_digit()) && part.chars().all(|c| c.is_ascii_digit())
        })
    };
    let suite_nodes = elements(root);
    assert_eq!(suite_nodes.len(), suites, "{text}");
    for suite in suite_nodes {
        assert!(suite.has_tag_name("testsuite"), "{text}");
        for required in ["name", "tests", "failures", "errors"] {
            assert!(
                suite.attribute(required).is_some(),
                "testsuite without {required}"
            );
        }
        assert!(suite.attribute("time").is_none_or(time_like));
        let cases = elements(suite);
        let count = |what: &str| {
            cases
                .iter()
                .filter(|case| {
                    elements(**case)
                        .iter()
                        .any(|child| child.has_tag_name(what))
                })
                .count()
                .to_string()
        };
        assert_eq!(
            suite.attribute("tests"),
            Some(cases.len().to_string().as_str())
        );
        assert_eq!(suite.attribute("failures"), Some(count("failure").as_str()));
        assert_eq!(suite.attribute("errors"), Some(count("error").as_str()));
        for case in cases {
            assert!(case.has_tag_name("testcase"), "{text}");
            assert!(case.attribute("name").is_some());
            for child in elements(case) {
                let name = child.tag_name().name();
                assert!(
                    ["failure", "error", "skipped", "system-out", "system-err"].contains(&name),
                    "{name} in a testcase"
                );
            }
        }
    }
}
