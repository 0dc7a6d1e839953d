//! Every command on projects that need no toolchain: each stage is a shell script, `sh
//! stageN/main.sh`, that prints nothing (a starter) or runs `kata play N` (a correct solution).

use std::fs;

use kata::lang::Language;
use test_support::{Trial, test};

use crate::{Sandbox, kata, kata_executable, snapshot, tictactoe};

pub(crate) fn trials() -> Vec<Trial> {
    vec![
        test(
            "flow::new_makes_a_project_and_refuses_a_folder_that_is_not_empty",
            new_project,
        ),
        test(
            "flow::each_language_has_its_commands_starters_and_files",
            languages,
        ),
        test(
            "flow::the_built_in_stages_and_fixtures_are_the_workspaces",
            built_in_copies,
        ),
        test(
            "flow::a_pass_moves_the_progress_and_list_agrees_with_its_file",
            fail_then_pass,
        ),
        test(
            "flow::a_build_error_is_cannot_build_with_the_compilers_text",
            cannot_build,
        ),
        test("flow::a_missing_program_cannot_start", cannot_start),
        test(
            "flow::a_missing_or_damaged_progress_file_is_worked_out_again",
            progress_worked_out,
        ),
        test("flow::check_all_grades_every_stage_in_a_table", check_all),
        test(
            "flow::reset_asks_restores_the_starter_and_keeps_every_backup",
            reset,
        ),
        test(
            "flow::play_runs_the_reference_stage_on_the_input_given",
            play,
        ),
        test(
            "flow::watch_with_every_stage_done_says_so_and_ends",
            watch_when_all_done,
        ),
        test(
            "flow::usage_errors_and_broken_projects_exit_2",
            usage_errors,
        ),
        test(
            "flow::a_reader_gone_stops_the_output_quietly_and_the_check_is_recorded",
            closed_output,
        ),
    ]
}

/// The `kata.toml` of a project whose stages are shell scripts; with `build`, stage 1 is built
/// by `stage1/build.sh` first.
fn shell_toml(build: bool) -> String {
    let mut text = "lang = \"python\"\n".to_owned();
    for stage in tictactoe().stages() {
        text += &format!("[stage{stage}]\nrun = \"sh stage{stage}/main.sh\"\n");
        if build && stage == 1 {
            text += "build = \"sh stage1/build.sh\"\n";
        }
    }
    text
}

/// A project of shell scripts, each a starter that prints nothing.
pub(crate) fn shell_project() -> Sandbox {
    let sandbox = Sandbox::new("python");
    sandbox.write("kata.toml", &shell_toml(false));
    for stage in tictactoe().stages() {
        sandbox.write(&format!("stage{stage}/main.sh"), "");
    }
    sandbox
}

/// Makes stage `stage` of a shell project a correct solution.
pub(crate) fn solve(sandbox: &Sandbox, stage: u8) {
    sandbox.write(
        &format!("stage{stage}/main.sh"),
        &format!("exec '{}' play {stage}\n", kata_executable().display()),
    );
}

fn new_project() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let made = kata(dir.path(), &["new", "ttt", "--lang", "python"], "");
    assert_eq!(made.status, 0, "{made:?}");
    snapshot("new_python", &made.out);
    let root = dir.path().join("ttt");
    let read = |path: &str| fs::read_to_string(root.join(path)).expect(path);
    snapshot("new_python_readme", &read("README.md"));
    snapshot("new_python_kata_toml", &read("kata.toml"));
    snapshot("new_python_stage1_starter", &read("stage1/main.py"));
    for stage in tictactoe().stages() {
        assert!(
            read(&format!("stage{stage}/README.md")).contains(&format!("`kata check {stage}`")),
            "stage {stage}'s description"
        );
    }
    assert_eq!(
        kata(&root, &["list"], "").status,
        0,
        "a new project has progress"
    );

    let again = kata(dir.path(), &["new", "ttt", "--lang", "python"], "");
    assert_eq!(again.status, 2);
    assert_eq!(
        again.err,
        "kata: ttt exists and is not empty: kata new makes a project in a new or empty folder\n"
    );
    fs::write(dir.path().join("file"), "").expect("a file");
    assert_eq!(kata(dir.path(), &["new", "file"], "").status, 2);
    fs::create_dir(dir.path().join("empty")).expect("a folder");
    let into_empty = kata(dir.path(), &["new", "empty", "--lang", "c"], "");
    assert_eq!(into_empty.status, 0, "{into_empty:?}");
    assert!(dir.path().join("empty/stage5/main.c").is_file());
}

/// What each language's project has: the commands of a stage, its starter, the other files.
fn languages() {
    let mut text = String::new();
    for language in Language::ALL {
        let commands = language.commands(3);
        text += &format!(
            "== {language} (--lang {})\n[stage3]\nbuild = {:?}\nrun = {:?}\n\n{}:\n{}\n",
            language.key(),
            commands.build.unwrap_or_default(),
            commands.run,
            language.source(3),
            language.starter(3, "Tic-Tac-Toe", tictactoe().title(3))
        );
        for (path, file) in language.project_files(tictactoe().stage_count()) {
            text += &format!("{path}:\n{file}\n");
        }
    }
    snapshot("languages", &text);
}

/// The stage descriptions and fixtures built into kata are those of the workspace the tests run
/// in: one source each.
fn built_in_copies() {
    let workspace = test_support::manifest_dir()
        .parent()
        .expect("kata/ is in the workspace")
        .to_owned();
    let course = tictactoe();
    for stage in course.stages() {
        let source = fs::read_to_string(workspace.join(format!("stages/stage{stage}/README.md")))
            .expect("the stage's README");
        assert_eq!(course.kata.description(stage).expect("built in"), source);
        let learner = course
            .learner_description(stage)
            .expect("a learner's description");
        let kept = source
            .split("## Run and test")
            .next()
            .expect("a first part");
        assert!(learner.starts_with(kept), "stage {stage}");
        assert!(!learner.contains("cargo run -p grade"), "stage {stage}");
        assert!(learner.contains("## Decisions"), "stage {stage}");

        // In the grader's order, so that a case has the same number in both.
        let cases = course.fixtures(stage).expect("built-in fixtures");
        let graded = kata_model::Kata::load(&workspace)
            .expect("the workspace's kata")
            .fixtures(stage)
            .expect("the workspace's fixtures");
        let names = |cases: &[kata_model::Fixture]| -> Vec<String> {
            cases.iter().map(|case| case.name.clone()).collect()
        };
        assert_eq!(names(&cases), names(&graded), "stage {stage}");
        for case in &cases {
            let relative = case
                .path
                .strip_prefix("built-in:tictactoe")
                .expect("a path in the kata built in");
            let file = workspace.join(relative);
            let text = fs::read_to_string(&file).expect("the fixture");
            assert!(text.ends_with(&case.body), "{}", file.display());
        }
    }
}

fn fail_then_pass() {
    let sandbox = shell_project();
    let failed = sandbox.kata(&["check"]);
    assert_eq!(failed.status, 1, "{failed:?}");
    snapshot("check_fails", &failed.out);
    let progress = sandbox.progress();
    assert_eq!(
        progress["stage1"]["first_failure"].as_str(),
        Some("prints-fixed-full-grid")
    );
    let hint = sandbox.kata(&["hint"]);
    assert_eq!(hint.status, 0, "{hint:?}");
    snapshot("hint", &hint.out);

    solve(&sandbox, 1);
    let passed = sandbox.kata(&["check"]);
    assert_eq!(passed.status, 0, "{passed:?}");
    snapshot("check_passes", &passed.out);
    let progress = sandbox.progress();
    assert_eq!(progress["stage1"]["passed"].as_integer(), Some(1));
    assert_eq!(progress["stage1"]["total"].as_integer(), Some(1));
    assert!(progress["stage1"].get("first_failure").is_none());
    assert!(progress.get("stage2").is_none());

    // Stage 2 is current now: checked, it fails and is recorded.
    assert_eq!(sandbox.kata(&["check"]).status, 1);
    let listed = sandbox.kata(&["list"]);
    assert_eq!(listed.status, 0, "{listed:?}");
    snapshot("list", &listed.out);
    let progress = sandbox.progress();
    let rows: Vec<Vec<&str>> = listed
        .out
        .lines()
        .skip(1)
        .take(usize::from(tictactoe().stage_count()))
        .map(|line| {
            line.split("  ")
                .map(str::trim)
                .filter(|cell| !cell.is_empty())
                .collect()
        })
        .collect();
    for (index, row) in rows.iter().enumerate() {
        let key = format!("stage{}", index + 1);
        let cases = tictactoe().cases(u8::try_from(index + 1).expect("a stage"));
        match progress.get(&key) {
            Some(record) => assert_eq!(
                row[3],
                format!(
                    "{}/{}",
                    record["passed"].as_integer().expect("passed"),
                    record["total"].as_integer().expect("total")
                ),
                "{row:?}"
            ),
            None => assert_eq!(row[3], format!("-/{cases}"), "{row:?}"),
        }
        let expected = match index {
            0 => "done",
            1 => "current",
            _ => "not started",
        };
        assert_eq!(row[2], expected, "{row:?}");
    }
}

fn cannot_build() {
    let sandbox = shell_project();
    sandbox.write("kata.toml", &shell_toml(true));
    sandbox.write(
        "stage1/build.sh",
        "echo 'stage1/main.sh:3:7: error: expected a grid' >&2\necho '    X O X O' >&2\nexit 1\n",
    );
    let failed = sandbox.kata(&["check"]);
    assert_eq!(failed.status, 1, "{failed:?}");
    snapshot("cannot_build", &failed.out);
    assert_eq!(
        sandbox.progress()["stage1"]["not_run"].as_bool(),
        Some(true)
    );
    let hint = sandbox.kata(&["hint"]);
    assert_eq!(hint.status, 1);
    assert!(hint.out.contains("did not build or start"), "{}", hint.out);

    sandbox.write("stage1/build.sh", "exit 0\n");
    solve(&sandbox, 1);
    assert_eq!(sandbox.kata(&["check"]).status, 0);
}

fn cannot_start() {
    let sandbox = shell_project();
    sandbox.write(
        "kata.toml",
        &shell_toml(false).replace("sh stage1/main.sh", "./build/stage1"),
    );
    let failed = sandbox.kata(&["check"]);
    assert_eq!(failed.status, 1, "{failed:?}");
    snapshot("cannot_start", &failed.out);
}

fn progress_worked_out() {
    let sandbox = shell_project();
    solve(&sandbox, 1);
    fs::remove_file(sandbox.path(kata::progress::FILE_NAME)).expect("removed");
    let listed = sandbox.kata(&["list"]);
    assert_eq!(listed.status, 0, "{listed:?}");
    snapshot("progress_missing", &listed.out);
    let progress = sandbox.progress();
    assert_eq!(progress["stage1"]["passed"].as_integer(), Some(1));
    assert_eq!(progress["stage2"]["passed"].as_integer(), Some(0));
    assert!(progress.get("stage3").is_none());

    fs::write(
        sandbox.path(kata::progress::FILE_NAME),
        "[stage1\npassed = 1\n",
    )
    .expect("written");
    let checked = sandbox.kata(&["check"]);
    assert_eq!(checked.status, 1, "{checked:?}");
    let first = checked.out.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("The progress file .kata-progress cannot be read (")
            && first.ends_with("): working out where you are by checking each stage from stage 1."),
        "{first}"
    );
    assert!(
        checked
            .out
            .contains("Stage 2 of 5: The user is the gamemaster"),
        "{}",
        checked.out
    );
    assert_eq!(sandbox.progress()["stage1"]["passed"].as_integer(), Some(1));
}

fn check_all() {
    let sandbox = shell_project();
    // Stage 3 does not build, stage 4's program is not there: no case of theirs is run.
    sandbox.write(
        "kata.toml",
        &shell_toml(false)
            .replace(
                "run = \"sh stage3/main.sh\"",
                "run = \"sh stage3/main.sh\"\nbuild = \"false\"",
            )
            .replace("sh stage4/main.sh", "./stage4/missing"),
    );
    solve(&sandbox, 1);
    solve(&sandbox, 5);
    let table = sandbox.kata(&["check", "--all"]);
    assert_eq!(table.status, 1, "{table:?}");
    snapshot("check_all", &table.out);
    let progress = sandbox.progress();
    assert_eq!(progress["stage5"]["passed"].as_integer(), Some(13));
    assert_eq!(progress["stage2"]["passed"].as_integer(), Some(0));
    assert_eq!(progress["stage4"]["not_run"].as_bool(), Some(true));
}

fn reset() {
    let sandbox = Sandbox::new("python");
    let starter = sandbox.read("stage2/main.py");
    sandbox.write("stage2/main.py", "print('mine')\n");
    let declined = kata(&sandbox.root, &["reset", "2"], "n\n");
    assert_eq!(declined.status, 1, "{declined:?}");
    assert_eq!(declined.err, "kata: nothing was changed\n");
    let not_answered = kata(&sandbox.root, &["reset", "2"], "");
    assert_eq!(not_answered.status, 1, "{not_answered:?}");
    assert_eq!(sandbox.read("stage2/main.py"), "print('mine')\n");
    assert!(!sandbox.path("stage2/main.py.bak").exists());

    let confirmed = kata(&sandbox.root, &["reset", "2"], "y\n");
    assert_eq!(confirmed.status, 0, "{confirmed:?}");
    snapshot("reset", &confirmed.out);
    assert_eq!(sandbox.read("stage2/main.py"), starter);
    assert_eq!(sandbox.read("stage2/main.py.bak"), "print('mine')\n");

    sandbox.write("stage2/main.py", "print('mine again')\n");
    assert_eq!(sandbox.kata(&["reset", "2", "--yes"]).status, 0);
    assert_eq!(sandbox.read("stage2/main.py.bak"), "print('mine')\n");
    assert_eq!(
        sandbox.read("stage2/main.py.bak.1"),
        "print('mine again')\n"
    );
    let again = sandbox.kata(&["reset", "2", "--yes"]);
    assert_eq!(
        again.out,
        "stage2/main.py is the starter already: nothing to reset.\n"
    );

    fs::remove_file(sandbox.path("stage3/main.py")).expect("removed");
    assert_eq!(sandbox.kata(&["reset", "3", "--yes"]).status, 0);
    assert!(
        sandbox
            .read("stage3/main.py")
            .contains("Stage 3 of the Tic-Tac-Toe kata")
    );

    // Without a progress file, reset makes none: an empty one would say nothing is done.
    fs::remove_file(sandbox.path(kata::progress::FILE_NAME)).expect("removed");
    sandbox.write("stage4/main.py", "print('mine')\n");
    assert_eq!(sandbox.kata(&["reset", "4", "--yes"]).status, 0);
    assert!(!sandbox.path(kata::progress::FILE_NAME).exists());
}

/// With every stage done, there is nothing to watch: `kata watch` says so and ends.
fn watch_when_all_done() {
    let sandbox = shell_project();
    let records: String = tictactoe()
        .stages()
        .map(|stage| {
            let cases = tictactoe().cases(stage);
            format!("[stage{stage}]\npassed = {cases}\ntotal = {cases}\n")
        })
        .collect();
    sandbox.write(kata::progress::FILE_NAME, &records);
    let watched = sandbox.kata(&["watch"]);
    assert_eq!(watched.status, 0, "{watched:?}");
    assert_eq!(
        watched.out,
        "All 5 stages are done: the kata is complete.\n"
    );
}

fn play() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let played = kata(dir.path(), &["play", "3"], "XXXOO__O_\n");
    assert_eq!(played.status, 0, "{played:?}");
    assert_eq!(
        played.out,
        "Enter cells: ---------\n| X X X |\n| O O _ |\n| _ O _ |\n---------\nX wins\n"
    );
    assert_eq!(played.err, "");
    let ended = kata(dir.path(), &["play", "2"], "");
    assert_eq!(ended.status, 1);
    assert_eq!(ended.out, "Enter cells: ");
    assert_eq!(
        ended.err,
        "stage2: input ended before the cells were entered\n"
    );
}

fn usage_errors() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let outside = kata(dir.path(), &["check"], "");
    assert_eq!(outside.status, 2);
    assert!(
        outside.err.starts_with("kata: no kata.toml in ")
            && outside.err.contains("make one with `kata new DIR`"),
        "{}",
        outside.err
    );
    for args in [
        &["check", "2", "--all"][..],
        &["new", "x", "--lang", "cobol"],
        &["reset"],
    ] {
        let ran = kata(dir.path(), args, "");
        assert_eq!(ran.status, 2, "{args:?}: {ran:?}");
        assert!(ran.err.starts_with("error: "), "{args:?}: {}", ran.err);
    }
    // A language kata does not offer is never taken for the one whose name is nearest.
    let cobol = kata(dir.path(), &["new", "x", "--lang", "cobol"], "");
    assert!(
        cobol.err.contains(
            "kata offers no language `cobol`: it has rust, python, java, \
             javascript, c, cpp."
        ) && !cobol.err.contains("similar"),
        "{}",
        cobol.err
    );
    // A stage the kata does not have is the kata's to say, with the stages it has.
    let no_stage = kata(dir.path(), &["play", "0"], "");
    assert_eq!(no_stage.status, 2, "{no_stage:?}");
    assert_eq!(
        no_stage.err,
        "kata: Tic-Tac-Toe has no stage 0: its stages are 1 to 5\n"
    );
    let in_project = shell_project();
    for args in [&["check", "6"][..], &["reset", "6", "--yes"]] {
        let ran = in_project.kata(args);
        assert_eq!(ran.status, 2, "{args:?}: {ran:?}");
        assert_eq!(
            ran.err, "kata: Tic-Tac-Toe has no stage 6: its stages are 1 to 5\n",
            "{args:?}"
        );
    }
    let unknown_kata = kata(dir.path(), &["new", "x", "--kata", "chess"], "");
    assert_eq!(unknown_kata.status, 2, "{unknown_kata:?}");
    assert!(
        unknown_kata.err.starts_with(
            "kata: `chess` is neither a folder with a kata-manifest.toml (or a problem package's \
             problem.yaml) nor a kata built in ("
        ),
        "{}",
        unknown_kata.err
    );
    let help = kata(dir.path(), &["--help"], "");
    assert_eq!(help.status, 0);
    snapshot("help", &help.out);

    let sandbox = shell_project();
    sandbox.write("kata.toml", "lang = \"python\"\n[stage1]\nrun = \"sh\"\n");
    let broken = sandbox.kata(&["check"]);
    assert_eq!(broken.status, 2, "{broken:?}");
    assert!(
        broken.err.contains("kata.toml: ") && broken.err.contains("stage2"),
        "{}",
        broken.err
    );
    sandbox.write("kata.toml", &shell_toml(false).replace("python", "cobol"));
    let unknown = sandbox.kata(&["reset", "1", "--yes"]);
    assert_eq!(unknown.status, 2, "{unknown:?}");
    assert!(
        unknown
            .err
            .contains("one of rust, python, java, javascript, c, cpp")
    );
}

/// `kata check | head -2`: the output is closed after two lines. Nothing is said of the closed
/// pipe, the status is the check's, and the check is recorded.
fn closed_output() {
    /// Takes `lines` lines, then fails as a pipe whose reader is gone.
    struct Head {
        lines: usize,
    }
    impl std::io::Write for Head {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            if self.lines == 0 {
                return Err(std::io::ErrorKind::BrokenPipe.into());
            }
            self.lines -= bytes
                .iter()
                .filter(|&&byte| byte == b'\n')
                .count()
                .min(self.lines);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    let sandbox = shell_project();
    solve(&sandbox, 1);
    let context = kata::Context {
        cwd: sandbox.root.clone(),
        terminal: false,
        color: false,
        own_streams: false,
    };
    let mut err = Vec::new();
    let status = kata::run(
        ["kata", "check"].map(Into::into),
        &context,
        std::io::Cursor::new(Vec::new()),
        &mut Head { lines: 2 },
        &mut err,
    );
    assert_eq!(String::from_utf8_lossy(&err), "");
    assert_eq!(status, 0);
    assert_eq!(sandbox.progress()["stage1"]["passed"].as_integer(), Some(1));
}
