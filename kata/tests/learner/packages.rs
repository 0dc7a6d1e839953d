//! `kata dev check` on a problem package made in a temporary folder, its programs shell
//! scripts, which need no toolchain: its input validator run on every test input and on the
//! inputs it must reject, each of its findings named with the case; the rules of its
//! `submissions.yaml`; the files of `submissions/` that are no programs; its outputs that the
//! default output validation must reject and accept. Last, a learner's
//! project of a package whose `include/c/` is a driver, in C (in every `cargo test`).

use std::fs;
use std::path::PathBuf;

use test_support::{Trial, test};

use crate::{Ran, kata};

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test(
            "packages::valid_inputs_and_rejected_invalid_ones_pass_the_check",
            inputs_valid,
        ),
        test(
            "packages::an_input_the_input_validator_rejects_fails_the_check_with_its_message",
            input_invalid,
        ),
        test(
            "packages::an_invalid_input_no_validator_rejects_fails_the_check",
            invalid_accepted,
        ),
        test(
            "packages::a_package_without_input_validators_says_so_once_and_passes",
            no_validators,
        ),
        test(
            "packages::submissions_yaml_sets_what_a_submission_must_get_case_by_case",
            submissions_yaml,
        ),
        test(
            "packages::files_that_are_no_programs_are_ignored_and_said_once",
            not_programs,
        ),
        test(
            "packages::invalid_outputs_must_be_rejected_and_valid_ones_accepted",
            output_checks,
        ),
        test(
            "packages::a_project_of_a_package_with_a_driver_is_the_functions_it_calls",
            driver_project,
        ),
    ]
}

/// The input validator: one line holding a number from 1 to 9.
const VALIDATOR: &str = "read -r n || exit 43\ncase \"$n\" in\n  [1-9]) exit 42 ;;\nesac\n\
                         echo \"expected a digit from 1 to 9, got '$n'\"\nexit 43\n";

/// A 2025-09 package of one stage: its answer is twice the input's number.
struct Package {
    _dir: tempfile::TempDir,
    folder: PathBuf,
}

impl Package {
    fn new() -> Package {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let folder = dir.path().join("twice");
        let package = Package { _dir: dir, folder };
        package.write(
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Twice\nlimits:\n  time_limit: 2\n",
        );
        package.write("statement/problem.en.md", "Print twice the number.\n");
        package.write("data/sample/1.in", "2\n");
        package.write("data/sample/1.ans", "4\n");
        package.write("data/secret/1.in", "7\n");
        package.write("data/secret/1.ans", "14\n");
        package.write("data/invalid_input/zero.in", "0\n");
        package.write("input_validators/digit.sh", VALIDATOR);
        package.write(
            "submissions/accepted/twice.sh",
            "read -r n\necho $((n * 2))\n",
        );
        package
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.folder.join(relative);
        fs::create_dir_all(path.parent().expect("in a folder")).expect("its folder");
        fs::write(path, text).expect("written");
    }

    /// `kata dev check`, its starter in C alone (C is in every `cargo test`).
    fn check(&self) -> Ran {
        let folder = self.folder.to_str().expect("a UTF-8 path");
        kata(&self.folder, &["dev", "check", "--lang", "c", folder], "")
    }
}

fn inputs_valid() {
    let ran = Package::new().check();
    assert_eq!(ran.status, 0, "{ran:?}");
    assert!(
        ran.out.contains(
            "input validators: input_validators/digit.sh finds every one of 2 test inputs valid, \
             and rejects 1 invalid input\n"
        ),
        "{}",
        ran.out
    );
}

fn input_invalid() {
    let package = Package::new();
    package.write("data/secret/2.in", "12\n");
    package.write("data/secret/2.ans", "24\n");
    let ran = package.check();
    assert_eq!(ran.status, 1, "{ran:?}");
    assert!(
        ran.out.contains(
            "input secret/2: input_validators/digit.sh finds it invalid: expected a digit from 1 \
             to 9, got '12'\n"
        ),
        "{}",
        ran.out
    );
    let problem = format!(
        "{}: the input validator input_validators/digit.sh finds it invalid: expected a digit \
         from 1 to 9, got '12'\n",
        package.folder.join("data/secret/2.in").display()
    );
    assert!(ran.out.contains(&problem), "{}", ran.out);
}

fn invalid_accepted() {
    let package = Package::new();
    package.write("data/invalid_input/five.in", "5\n");
    let ran = package.check();
    assert_eq!(ran.status, 1, "{ran:?}");
    assert!(
        ran.out
            .contains("invalid input invalid_input/five: every input validator finds it valid\n"),
        "{}",
        ran.out
    );
    let problem = format!(
        "{}: an invalid input that no input validator rejects (exit 43)\n",
        package.folder.join("data/invalid_input/five.in").display()
    );
    assert!(ran.out.contains(&problem), "{}", ran.out);
}

fn no_validators() {
    let package = Package::new();
    fs::remove_dir_all(package.folder.join("input_validators")).expect("removed");
    let ran = package.check();
    assert_eq!(ran.status, 0, "{ran:?}");
    let said = "input validators: none in the package (input_validators/), so its test inputs \
                are not checked\n";
    assert_eq!(ran.out.matches(said).count(), 1, "{}", ran.out);
}

fn submissions_yaml() {
    let package = Package::new();
    // Wrong on the secret case alone: 2 for 7.
    package.write(
        "submissions/mixed/small.sh",
        "read -r n\nif [ \"$n\" -lt 5 ]; then echo $((n * 2)); else echo 2; fi\n",
    );
    package.write(
        "submissions/submissions.yaml",
        "mixed/small.sh:\n  sample:\n    permitted: [AC]\n  secret:\n    required: [WA]\n",
    );
    let ran = package.check();
    assert_eq!(ran.status, 0, "{ran:?}");
    // Its row in the table: the verdict, the case that decided, and the rules kept.
    let row = ran
        .out
        .lines()
        .find(|line| line.starts_with("submissions/mixed/small.sh "))
        .unwrap_or_else(|| panic!("no row: {}", ran.out));
    let words: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(words[1..3], ["mixed", "wrong_answer"], "{row}");
    assert!(
        row.ends_with("secret/1  as submissions/submissions.yaml asks"),
        "{row}"
    );
    package.write(
        "submissions/submissions.yaml",
        "mixed/small.sh:\n  permitted: [AC, TLE]\n",
    );
    let ran = package.check();
    assert_eq!(ran.status, 1, "{ran:?}");
    let problem = format!(
        "{}: gets wrong_answer (on secret/1), where `mixed/small.sh` permits [AC, TLE], and \
         secret/1 is WA\n",
        package.folder.join("submissions/mixed/small.sh").display()
    );
    assert!(ran.out.contains(&problem), "{}", ran.out);
}

fn not_programs() {
    let package = Package::new();
    package.write("submissions/accepted/twice.c.disabled", "not C at all");
    package.write("submissions/accepted/name.cpp.template", "{{name}}");
    package.write("submissions/wrong_answer/NOTES.md", "# Notes\n");
    let ran = package.check();
    assert_eq!(ran.status, 0, "{ran:?}");
    let said = "ignored: 3 files under submissions/ whose extension is no language's, not run as \
                submissions (1 `.disabled`, 1 `.md`, 1 `.template`)\n";
    assert_eq!(ran.out.matches(said).count(), 1, "{}", ran.out);
}

fn output_checks() {
    let package = Package::new();
    for (case, output) in [
        ("invalid_output/odd", "5\n"),
        ("valid_output/spaced", "  4 \n"),
    ] {
        package.write(&format!("data/{case}.in"), "2\n");
        package.write(&format!("data/{case}.ans"), "4\n");
        package.write(&format!("data/{case}.out"), output);
    }
    let ran = package.check();
    assert_eq!(ran.status, 0, "{ran:?}");
    assert!(
        ran.out.contains(
            "output checks: the default output validation rejects every one of 1 invalid output \
             and accepts every one of 1 valid output\n"
        ),
        "{}",
        ran.out
    );
    // An invalid output that is the answer itself is accepted: a problem, named with its file.
    package.write("data/invalid_output/same.in", "2\n");
    package.write("data/invalid_output/same.ans", "4\n");
    package.write("data/invalid_output/same.out", "4\n");
    let ran = package.check();
    assert_eq!(ran.status, 1, "{ran:?}");
    assert!(
        ran.out.contains(
            "output invalid_output/same: the output validation accepts it, which \
             data/invalid_output/ says it must reject\n"
        ),
        "{}",
        ran.out
    );
    assert!(
        ran.out.contains(&format!(
            "{}: the output validation accepts it",
            package
                .folder
                .join("data/invalid_output/same.out")
                .display()
        )),
        "{}",
        ran.out
    );
    // A case of them without its output is the package's error.
    fs::remove_file(package.folder.join("data/invalid_output/same.out")).expect("removed");
    let ran = package.check();
    assert_eq!(ran.status, 1, "{ran:?}");
    assert!(
        ran.out
            .contains("invalid_output/same.in: has no `.out` file beside it\n"),
        "{}",
        ran.out
    );
}

/// A package whose `include/c/` is a driver: `main` reads the number and prints what the
/// submission's `twice`, declared in `twice.h`, makes of it.
fn with_driver() -> Package {
    let package = Package::new();
    package.write("include/c/twice.h", "int twice(int n);\n");
    package.write(
        "include/c/driver.c",
        "#include <stdio.h>\n#include \"twice.h\"\n\n\
         int main(void) {\n    int n;\n    if (scanf(\"%d\", &n) != 1) return 1;\n    \
         printf(\"%d\\n\", twice(n));\n    return 0;\n}\n",
    );
    package.write(
        "submissions/accepted/twice.c",
        "#include \"twice.h\"\n\nint twice(int n) { return 2 * n; }\n",
    );
    package
}

fn driver_project() {
    let package = with_driver();
    let folder = package.folder.to_str().expect("a UTF-8 path");
    let beside = package.folder.parent().expect("in a temporary folder");
    let made = kata(
        beside,
        &["new", "learner", "--kata", folder, "--lang", "c"],
        "",
    );
    assert_eq!(made.status, 0, "{made:?}");
    assert!(
        made.out.contains(
            "  include/c/          beside each program, the problem's own files: driver.c, \
             twice.h\n  driver.c            has `main`: your program is the functions it calls, \
             and builds once they are written\n"
        ),
        "{}",
        made.out
    );
    let project = beside.join("learner");
    let starter = fs::read_to_string(project.join("stage1/main.c")).expect("the starter");
    assert!(
        starter.ends_with(
            " * The problem's driver, driver.c beside this file, has `main`: write here\n \
             * the functions twice.h declares. */\n\n#include \"twice.h\"\n"
        ),
        "{starter}"
    );
    for file in ["stage1/driver.c", "stage1/twice.h"] {
        assert!(project.join(file).is_file(), "{file} is copied");
    }
    // The starter does not link until `twice` is written; then the stage passes.
    let checked = kata(&project, &["check"], "");
    assert_eq!(checked.status, 1, "{checked:?}");
    assert!(checked.out.contains("Cannot build:"), "{}", checked.out);
    assert!(checked.out.contains("twice"), "{}", checked.out);
    fs::write(
        project.join("stage1/main.c"),
        "#include \"twice.h\"\n\nint twice(int n) { return n + n; }\n",
    )
    .expect("written");
    let passed = kata(&project, &["check"], "");
    assert_eq!(passed.status, 0, "{passed:?}");
    assert!(
        passed.out.contains("Every case passes (2 of 2)"),
        "{}",
        passed.out
    );
    // The package's own check says so of its starter, as no problem.
    let ran = package.check();
    assert_eq!(ran.status, 0, "{ran:?}");
    assert!(
        ran.out.contains(
            "starter in C: fails stage 1: it does not build until the functions driver.c calls \
             are written\n"
        ),
        "{}",
        ran.out
    );
}
