//! A project in each language `kata new` offers, with the language's own compiler or
//! interpreter: the starter builds and fails stage 1; a correct solution (test data) passes it
//! and the progress moves to stage 2; `kata list` agrees; a build error is "Cannot build" with
//! the compiler's text; `kata reset` brings the starter back and keeps the learner's file.
//!
//! A language whose toolchain is missing is reported as ignored, with the reason. `cargo test`
//! runs C alone, the cheapest to check (three compiler runs of a tenth of a second), its gcc
//! there wherever Rust is on Linux as a rule (rustc links with it); the others, ignored by
//! default, cost from 0.2 s (Python, five interpreter starts) to 3 s (Java), and
//! `scripts/kata-languages` (or `cargo test -p kata -- --include-ignored`) runs them all.

use std::fs;
use std::path::PathBuf;

use kata::lang::Language;
use test_support::{Trial, test_with, toolchain};

use crate::Sandbox;

/// How each language is tested.
struct Case {
    language: Language,
    /// The compilers and interpreters the language needs, with each one's version flag.
    toolchain: &'static [(&'static str, &'static str)],
    /// A source that does not build.
    broken: &'static str,
    /// What its compiler says about it, in part.
    compiler_says: &'static str,
    /// Whether its checks are too slow for every `cargo test`.
    slow: bool,
}

const CASES: [Case; 6] = [
    Case {
        language: Language::Python,
        toolchain: &[],
        broken: "print('X O X'\n",
        compiler_says: "SyntaxError",
        slow: true,
    },
    Case {
        language: Language::C,
        toolchain: &[("gcc", "--version")],
        broken: "int main(void) { return 0 }\n",
        compiler_says: "error:",
        slow: false,
    },
    Case {
        language: Language::JavaScript,
        toolchain: &[("node", "--version")],
        broken: "function (\n",
        compiler_says: "SyntaxError",
        slow: true,
    },
    Case {
        language: Language::Cpp,
        toolchain: &[("g++", "--version")],
        broken: "int main() { return 0 }\n",
        compiler_says: "error:",
        slow: true,
    },
    Case {
        language: Language::Java,
        toolchain: &[("javac", "-version"), ("java", "-version")],
        broken: "public class Main { void f() { int x = ; } }\n",
        compiler_says: "error:",
        slow: true,
    },
    Case {
        language: Language::Rust,
        toolchain: &[("cargo", "--version")],
        broken: "fn main() { let x = ; }\n",
        compiler_says: "error",
        slow: true,
    },
];

pub(crate) fn trials() -> Vec<Trial> {
    CASES
        .iter()
        .map(|case| {
            let language = case.language;
            let toolchain = case.toolchain;
            let trial = test_with(
                format!("languages::{}", language.key()),
                move || {
                    toolchain::on_path(toolchain)?;
                    // Python is run by the interpreter itself, not a version manager's shim.
                    if language == Language::Python {
                        return toolchain::python().map(Some);
                    }
                    Ok(None)
                },
                move |interpreter| end_to_end(language, interpreter.as_ref()),
            );
            if case.slow {
                test_support::slow(trial, "slow: scripts/kata-languages runs it")
            } else {
                trial
            }
        })
        .collect()
}

/// A correct solution of stage `stage` in `language`, from the test data.
fn solution(language: Language, stage: u8) -> String {
    let tests = crate::tests_dir();
    let (path, template) = match language {
        Language::Python => (
            test_support::manifest_dir()
                .join("../grade/tests/submissions/python")
                .join(format!("stage{stage}.py")),
            false,
        ),
        Language::C | Language::Cpp => (tests.join("solutions/c/tictactoe.c"), true),
        Language::Java => (tests.join("solutions/java/Main.java"), true),
        Language::JavaScript => (tests.join("solutions/javascript/main.js"), true),
        Language::Rust => (tests.join("solutions/rust/main.rs"), true),
    };
    let text = fs::read_to_string(&path).expect("a solution kept as test data");
    if template {
        text.replace("__STAGE__", &stage.to_string())
    } else {
        text
    }
}

fn end_to_end(language: Language, interpreter: Option<&PathBuf>) {
    let case = CASES
        .iter()
        .find(|case| case.language == language)
        .expect("a case of the language");
    let sandbox = Sandbox::new(language.key());
    if let Some(interpreter) = interpreter {
        let toml = sandbox.read("kata.toml");
        let interpreter = interpreter.display().to_string();
        sandbox.write(
            "kata.toml",
            &toml.replace("\"python3 ", &format!("\"{interpreter} ")),
        );
    }
    let source = language.source(1);
    let starter = sandbox.read(&source);

    let failed = sandbox.kata(&["check"]);
    assert_eq!(failed.status, 1, "the starter fails stage 1: {failed:?}");
    assert!(
        failed
            .out
            .contains("Wrong answer in test #1 (prints-fixed-full-grid)"),
        "{}",
        failed.out
    );

    sandbox.write(&source, &solution(language, 1));
    let passed = sandbox.kata(&["check"]);
    assert_eq!(passed.status, 0, "a correct stage 1 passes: {passed:?}");
    assert!(passed.out.contains("Stage 1 is done!"), "{}", passed.out);
    assert!(
        passed.out.contains(&format!(
            "Its task is in stage2/README.md; your program goes in {}.",
            language.source(2)
        )),
        "{}",
        passed.out
    );
    let progress = sandbox.progress();
    assert_eq!(progress["stage1"]["passed"].as_integer(), Some(1));
    let listed = sandbox.kata(&["list"]);
    assert!(
        listed
            .out
            .lines()
            .nth(1)
            .is_some_and(|row| row.contains("done") && row.ends_with("1/1")),
        "{}",
        listed.out
    );
    assert!(
        listed
            .out
            .lines()
            .nth(2)
            .is_some_and(|row| row.contains("current")),
        "{}",
        listed.out
    );

    sandbox.write(&source, case.broken);
    let broken = sandbox.kata(&["check", "1"]);
    assert_eq!(broken.status, 1, "{broken:?}");
    assert!(broken.out.contains("Cannot build: `"), "{}", broken.out);
    assert!(broken.out.contains(case.compiler_says), "{}", broken.out);
    assert_eq!(
        sandbox.progress()["stage1"]["not_run"].as_bool(),
        Some(true)
    );

    let reset = sandbox.kata(&["reset", "1", "--yes"]);
    assert_eq!(reset.status, 0, "{reset:?}");
    assert_eq!(sandbox.read(&source), starter);
    assert_eq!(sandbox.read(&format!("{source}.bak")), case.broken);
}
