//! `grade platform`: the files each platform takes, run as the platform runs them. Gradescope's
//! zip unpacked in a folder laid out as Gradescope lays out `/autograder` (`source/` the zip's
//! contents, `submission/` the learner's files, `results/` for `results.json`); VPL's execution
//! files in one folder with the submission's; the Classroom workflow's grading step in a
//! checkout. Each carries the grader's executable, tens of megabytes in a debug build, so
//! `cargo test` lists these as ignored and `scripts/platform-recipes` runs them.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use test_support::Trial;

use crate::formats::{check_github_classroom, check_vpl, validate};
use crate::katas::grade_in;
use crate::points::write_kata;

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("platform":
        the_gradescope_zip_grades_a_submission_laid_out_as_gradescope_lays_it_out,
        vpl_execution_files_grade_a_submission_as_vpl_runs_them,
        the_github_classroom_workflow_step_gives_the_reporter_its_result,
    )
    .into_iter()
    .map(|trial| test_support::slow(trial, "slow: scripts/platform-recipes runs it"))
    .collect()
}

/// Runs the script `name` of the unpacked zip with bash, `/autograder` being `root`.
fn run_script(root: &Path, name: &str) -> String {
    bash_in(
        root,
        &format!("bash source/{name}"),
        &[("AUTOGRADER_ROOT", root)],
    )
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
        "Wrote autograder.zip: upload it as the assignment's autograder.\n"
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

    // A submission the grader cannot grade at all still gets a results.json, with why, and the
    // run fails, saying so, for the instructor to see.
    fs::remove_dir_all(root.join("source/kata/fixtures")).expect("removed");
    let ran = bash_run(
        &root,
        "bash source/run_autograder",
        &[("AUTOGRADER_ROOT", &root)],
    );
    assert_eq!(ran.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&ran.stderr).contains(
            "run_autograder: the grader could not grade this submission (grade exit status 2"
        ),
        "{}",
        String::from_utf8_lossy(&ran.stderr)
    );
    let results: serde_json::Value = serde_json::from_str(
        &fs::read_to_string(root.join("results/results.json")).expect("results.json written"),
    )
    .expect("JSON");
    validate("gradescope", &results);
    assert_eq!(results["score"], 0, "{results:#}");
}

/// Runs `script` with bash in `folder`, with `env`.
fn bash_run(folder: &Path, script: &str, env: &[(&str, &Path)]) -> std::process::Output {
    Command::new("bash")
        .arg("-c")
        .arg(script)
        .envs(env.iter().copied())
        .current_dir(folder)
        .output()
        .expect("bash runs")
}

/// Runs `script` with bash in `folder`, with `env`, and returns its standard output; it must
/// succeed.
fn bash_in(folder: &Path, script: &str, env: &[(&str, &Path)]) -> String {
    let output = bash_run(folder, script, env);
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{script}: {text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    text
}

/// VPL runs a submission in one folder holding its files and the execution files, with its
/// environment in `vpl_environment.sh`: `vpl_evaluate.sh` first, then the `vpl_execution` it
/// wrote, whose lines VPL reads.
fn vpl_execution_files_grade_a_submission_as_vpl_runs_them() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    write_kata(&dir.path().join("words"), "", &["one", "two", "three"]);
    let (status, report, errors) = grade_in(
        dir.path(),
        &[
            "platform",
            "vpl",
            "1",
            "-o",
            "execution",
            "--kata",
            "words",
            "--",
            "cat",
            "answer.txt",
        ],
    );
    assert_eq!(status, Some(0), "{report}{errors}");
    let run = dir.path().join("execution");
    fs::write(run.join("answer.txt"), "two\n").expect("written");
    fs::write(run.join("vpl_environment.sh"), "export VPL_GRADEMAX=10\n").expect("written");
    bash_in(&run, "bash vpl_evaluate.sh", &[]);
    let lines = bash_in(&run, "./vpl_execution", &[]);
    check_vpl(&lines);
    // One case of three passed, on VPL's scale of 10.
    assert!(lines.ends_with("Grade :=>> 3.33\n"), "{lines}");
    // A grader that cannot run: a grade of 0 that says why, and a run that fails. The file is
    // replaced, not written over: the grader's guard, the same executable, may still be ending
    // its work after the grader has exited, and a running executable cannot be opened to write.
    let grader = run.join("grade");
    let mode = fs::metadata(&grader).expect("the grader").permissions();
    fs::remove_file(&grader).expect("the grader removed");
    fs::write(&grader, "not a program\n").expect("written");
    fs::set_permissions(&grader, mode).expect("as executable as it was");
    let ran = bash_run(&run, "./vpl_execution", &[]);
    assert_eq!(ran.status.code(), Some(1));
    let lines = String::from_utf8_lossy(&ran.stdout);
    assert!(
        lines.starts_with("Comment :=>>The grader could not grade this submission (exit status ")
            && lines.ends_with("Grade :=>> 0\n"),
        "{lines}"
    );
}

/// The workflow's grading step, run as GitHub Actions runs it in a checkout of the template
/// repository: its result, in `GITHUB_OUTPUT`, is what the Classroom's reporter decodes.
fn the_github_classroom_workflow_step_gives_the_reporter_its_result() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    write_kata(&dir.path().join("words"), "", &["one", "two", "three"]);
    let (status, report, errors) = grade_in(
        dir.path(),
        &[
            "platform",
            "github-classroom",
            "1",
            "-o",
            "repository",
            "--kata",
            "words",
            "--",
            "cat",
            "answer.txt",
        ],
    );
    assert_eq!(status, Some(0), "{report}{errors}");
    let checkout = dir.path().join("repository");
    fs::write(checkout.join("answer.txt"), "one\n").expect("written");
    let workflow =
        fs::read_to_string(checkout.join(".github/workflows/classroom.yml")).expect("written");
    let step: Vec<&str> = workflow
        .lines()
        .skip_while(|line| !line.ends_with("run: |"))
        .skip(1)
        .take_while(|line| line.starts_with("          "))
        .map(str::trim)
        .collect();
    let step = step.join("\n");
    let output = dir.path().join("github-output");
    // As a web upload leaves it: the grader no longer executable. The step restores the bit.
    let grader = checkout.join(".github/grade/grade");
    fs::set_permissions(&grader, fs::Permissions::from_mode(0o644)).expect("bit removed");
    let run_step = || {
        Command::new("bash")
            .args(["--noprofile", "--norc", "-eo", "pipefail", "-c", &step])
            .env("GITHUB_OUTPUT", &output)
            .current_dir(&checkout)
            .output()
            .expect("bash runs")
    };
    let ran = run_step();
    assert!(
        ran.status.success(),
        "{}",
        String::from_utf8_lossy(&ran.stderr)
    );
    let written = fs::read_to_string(&output).expect("the step's output");
    let result = written.strip_prefix("result=").expect("result=BASE64");
    let document = check_github_classroom(result);
    assert_eq!(document["max_score"], 3.0);
    assert_eq!(document["status"], "fail");
    assert!(
        workflow.contains("STAGE1_RESULTS: \"${{ steps.stage1.outputs.result }}\""),
        "{workflow}"
    );
    // A grader that cannot run at all: the step fails, saying so, and gives no result.
    fs::write(&grader, "not a program\n").expect("written");
    fs::remove_file(&output).expect("removed");
    let ran = run_step();
    assert_eq!(ran.status.code(), Some(1));
    let said = String::from_utf8_lossy(&ran.stdout);
    assert!(
        said.contains("::error::The grader could not grade this submission (grade exit status "),
        "{said}"
    );
    assert!(!output.exists(), "no result for the reporter");
}
