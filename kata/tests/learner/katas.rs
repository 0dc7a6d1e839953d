//! Any kata from a folder: the repository's kata with no Rust code, `katas/calculator/` (shell
//! references), copied outside the repository and learned from there with `kata new --kata
//! DIR`; and the authoring check, which passes it and fails a copy with one fixture broken; and
//! a problem package kept as the harness's test data, learned as a kata of one stage.

use std::fs;
use std::path::Path;

use test_support::{Trial, test};

use crate::kata;

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test(
            "katas::a_kata_from_a_folder_is_learned_stage_by_stage",
            learned_from_a_folder,
        ),
        test(
            "katas::the_authoring_check_passes_a_kata_and_names_a_broken_fixture",
            authoring_check,
        ),
        test(
            "katas::a_kata_built_in_is_had_by_its_name",
            built_in_by_name,
        ),
        test(
            "katas::a_kata_with_rule_cases_counts_them_with_its_fixtures",
            rule_cases_counted,
        ),
        test(
            "katas::a_problem_package_is_learned_as_a_kata_of_one_stage",
            package_learned,
        ),
    ]
}

/// The calculator kata, copied into `dir` (outside the repository): its folder.
pub(crate) fn calculator_copy(dir: &Path) -> std::path::PathBuf {
    let source = test_support::manifest_dir()
        .parent()
        .expect("kata/ is in the workspace")
        .join("katas/calculator");
    let copy = dir.join("calculator");
    copy_folder(&source, &copy);
    copy
}

fn copy_folder(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("a folder");
    for entry in fs::read_dir(from).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_folder(&path, &target);
        } else {
            fs::copy(&path, &target).expect("copied");
        }
    }
}

fn learned_from_a_folder() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let kata_folder = calculator_copy(dir.path());
    // The copy outside the repository, by its folder: kata.toml names it in full.
    let made = kata(
        dir.path(),
        &["new", "calc", "--kata", "calculator/", "--lang", "python"],
        "",
    );
    assert_eq!(made.status, 0, "{made:?}");
    assert!(
        made.out
            .starts_with("Made a Calculator kata in Python in calc:\n"),
        "{}",
        made.out
    );
    let project = dir.path().join("calc");
    let toml = fs::read_to_string(project.join("kata.toml")).expect("kata.toml");
    let canonical = kata_folder.canonicalize().expect("a real folder");
    assert!(
        toml.contains(&format!("kata = \"{}\"\n", canonical.display())),
        "{toml}"
    );
    assert!(!project.join("stage4").exists(), "the kata has 3 stages");
    let description = fs::read_to_string(project.join("stage2/README.md")).expect("stage 2's task");
    assert!(description.contains("`kata check 2`"), "{description}");

    // Each stage's program is a shell script, a stage each of those the manifest names.
    let count = kata_model::Kata::load(&kata_folder)
        .expect("the kata's manifest")
        .stage_count();
    let stages: String = (1..=count)
        .map(|stage| format!("[stage{stage}]\nrun = \"sh stage{stage}/main.sh\"\n"))
        .collect();
    fs::write(
        project.join("kata.toml"),
        format!(
            "kata = \"{}\"\nlang = \"python\"\n{stages}",
            canonical.display()
        ),
    )
    .expect("written");
    for stage in 1..=count {
        fs::write(project.join(format!("stage{stage}/main.sh")), "").expect("a starter");
    }
    let failed = kata(&project, &["check"], "");
    assert_eq!(failed.status, 1, "{failed:?}");
    assert!(
        failed.out.starts_with("Stage 1 of 3: Add two numbers\n"),
        "{}",
        failed.out
    );
    // A correct solution: the kata's reference script. (`kata play N` would read the kata's
    // folder, fixtures included, which a case may not.)
    for stage in 1..=count {
        fs::write(
            project.join(format!("stage{stage}/main.sh")),
            format!(
                "exec sh '{}/reference/stage{stage}.sh'\n",
                canonical.display()
            ),
        )
        .expect("a solution");
    }
    let all = kata(&project, &["check", "--all"], "");
    assert_eq!(all.status, 0, "{all:?}");
    assert!(
        all.out
            .ends_with("3 of 3 stages done. `kata check N` shows the feedback of stage N.\n"),
        "{}",
        all.out
    );
    let list = kata(&project, &["list"], "");
    assert!(
        list.out
            .ends_with("All 3 stages done: the kata is complete.\n"),
        "{}",
        list.out
    );
    let played = kata(&project, &["play", "1"], "3 4\n");
    assert_eq!(played.status, 0, "{played:?}");
    assert_eq!(played.out, "Enter two numbers: 7\n");
}

fn authoring_check() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let kata_folder = calculator_copy(dir.path());
    let folder = kata_folder.to_str().expect("UTF-8");
    let checked = kata(dir.path(), &["dev", "check", folder, "--lang", "c"], "");
    assert_eq!(checked.status, 0, "{checked:?}");
    assert!(
        checked
            .out
            .ends_with("The kata is ready: no problem found.\n"),
        "{}",
        checked.out
    );

    let fixtures = kata_folder.join("fixtures/stage1");
    let mut names: Vec<_> = fs::read_dir(&fixtures)
        .expect("stage 1's fixtures")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    names.sort();
    let broken = &names[0];
    let text = fs::read_to_string(broken).expect("a fixture");
    let body_start = text.rfind("---\n").expect("a header") + 4;
    let (header, body) = text.split_at(body_start);
    let last_line = header.lines().count() + body.lines().count();
    let mut lines: Vec<&str> = body.lines().collect();
    let wrong = format!("{}0", lines.last().expect("a last line"));
    *lines.last_mut().expect("a last line") = &wrong;
    fs::write(broken, format!("{header}{}\n", lines.join("\n"))).expect("broken");
    // Points for a case the last stage does not have.
    let manifest = kata_folder.join("kata-manifest.toml");
    let mut text = fs::read_to_string(&manifest).expect("the manifest");
    text.push_str("\n[stages.cases.no-such-case]\npoints = 1\n");
    fs::write(&manifest, text).expect("written");
    let checked = kata(dir.path(), &["dev", "check", folder, "--lang", "c"], "");
    assert_eq!(checked.status, 1, "{checked:?}");
    assert!(
        checked.out.contains(&format!(
            "{}:{last_line}: the reference of stage 1 does not pass this case:\n  Wrong answer \
             in test #1 (adds-two-numbers)\n",
            broken.display()
        )),
        "{}",
        checked.out
    );
    assert!(
        checked.out.contains(
            "stage 3: the manifest gives points or visibility to case `no-such-case`, which the \
             stage's fixtures do not have\n"
        ),
        "{}",
        checked.out
    );
    assert!(
        checked.out.ends_with("2 problems to fix.\n"),
        "{}",
        checked.out
    );
}

fn built_in_by_name() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let played = kata(
        dir.path(),
        &["play", "2", "--kata", "calculator"],
        "6 * 7\nexit\n",
    );
    assert_eq!(played.status, 0, "{played:?}");
    assert!(played.out.contains("42\n"), "{}", played.out);
}

/// Tic-Tac-Toe with AI, whose games against the computer are cases judged by its rules: a
/// project made from it counts them among each stage's cases, and names them in its list.
fn rule_cases_counted() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let made = kata(
        dir.path(),
        &["new", "ai", "--kata", "tictactoe-ai", "--lang", "python"],
        "",
    );
    assert_eq!(made.status, 0, "{made:?}");
    let listed = kata(&dir.path().join("ai"), &["list"], "");
    // The kata `kata new` made the project from: the one built in under that name.
    let last = grade::katas::named(Path::new(""), Path::new("tictactoe-ai"))
        .expect("built in")
        .stage_count();
    // The first stage has fixtures alone; the last has 9 fixtures and 16 cases judged by rules.
    for line in [
        "1  Initial setup".to_owned(),
        "-/18".to_owned(),
        format!("{last}  An undefeated champion"),
        "-/25".to_owned(),
    ] {
        assert!(listed.out.contains(&line), "{line:?} in:\n{}", listed.out);
    }
}

fn package_learned() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let package = test_support::manifest_dir()
        .parent()
        .expect("kata/ is in the workspace")
        .join("crates/kata-model/tests/packages/sum-floats");
    let made = kata(
        dir.path(),
        &[
            "new",
            "mean",
            "--kata",
            package.to_str().expect("UTF-8"),
            "--lang",
            "c",
        ],
        "",
    );
    assert_eq!(made.status, 0, "{made:?}");
    let project = dir.path().join("mean");
    // The statement is the stage's task, under the problem's name from problem.yaml.
    let task = fs::read_to_string(project.join("stage1/README.md")).expect("the task");
    assert!(
        task.starts_with("# Mean of Floats\n\nGiven $N$ floating-point numbers"),
        "{task}"
    );
    // Programs in awk, which start at once: the mean in integers, then in full.
    let canonical = package.canonicalize().expect("a real folder");
    let with_program = |run: &str| {
        fs::write(
            project.join("kata.toml"),
            format!(
                "kata = \"{}\"\nlang = \"c\"\n[stage1]\nrun = \"{run}\"\n",
                canonical.display()
            ),
        )
        .expect("written");
    };
    with_program("awk 'NR == 2 { for (i = 1; i <= NF; i++) s += $i; print int(s / NF) }'");
    let failed = kata(&project, &["check"], "");
    assert_eq!(failed.status, 1, "{failed:?}");
    assert!(
        failed.out.contains(
            "Wrong answer in test #1 (sample/1)\nToken 1 is `2`, expected `2.5` within 1e-6."
        ),
        "{}",
        failed.out
    );
    // Nine digits: not the answers', but within the package's tolerance.
    with_program("awk -v OFMT=%.9g 'NR == 2 { for (i = 1; i <= NF; i++) s += $i; print s / NF }'");
    let passed = kata(&project, &["check"], "");
    assert_eq!(passed.status, 0, "{passed:?}");
    assert!(
        passed.out.contains("Every case passes (5 of 5)."),
        "{}",
        passed.out
    );
}
