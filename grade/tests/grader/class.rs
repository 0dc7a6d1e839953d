//! A whole class: every folder graded with the same command, a table row each.

use std::fs;

use test_support::Trial;

use crate::{args, grade, snapshot, submission, this_executable};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("class":
        a_class_is_graded_folder_by_folder,
        without_a_command_each_project_is_graded_with_its_own_kata_toml,
        projects_are_graded_by_the_kata_their_kata_toml_names,
        a_project_whose_kata_is_not_here_stops_the_class_until_the_kata_is_named,
        a_submission_reads_its_own_folder_and_no_other,
    )
}

/// Two submissions, folders named after their faults (the submission reads its fault from the
/// folder's name): the table, its summary, and the JSON of each.
fn a_class_is_graded_folder_by_folder() {
    let class = tempfile::tempdir().expect("a temporary folder");
    for name in ["correct", "wrong-cell"] {
        fs::create_dir(class.path().join(name)).expect("a folder");
    }
    let json = class.path().join("class.json");
    let mut words = args(&[
        "--class",
        class.path().to_str().expect("UTF-8"),
        "--json",
        json.to_str().expect("UTF-8"),
    ]);
    // The folder goes where the fault would: `--submission {}`.
    let mut command = submission(&[], "{}", &[]);
    command.splice(1..1, words.drain(..));
    let graded = grade(&command);
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    snapshot("a_class_is_graded_folder_by_folder", &graded.report);
    let table: serde_json::Value =
        crate::results_json(&fs::read_to_string(&json).expect("written"));
    assert_eq!(table["task_id"], 3);
    assert_eq!(table["submissions"][0]["name"], "correct");
    assert_eq!(table["submissions"][0]["passed"], 5);
    assert_eq!(table["submissions"][1]["name"], "wrong-cell");
    assert_eq!(table["submissions"][1]["results"]["status"], "fail");
}

/// A class of `kata new` projects, each graded with its own `kata.toml`: one correct, one with a
/// fault, one that does not build, one whose program is not there, one whose script is not
/// there, and a folder that is no project at all (left out of the count).
fn without_a_command_each_project_is_graded_with_its_own_kata_toml() {
    let class = tempfile::tempdir().expect("a temporary folder");
    let exe = this_executable().display().to_string();
    for (name, build, run) in [
        ("alice", "true", format!("'{exe}' --submission correct")),
        ("bob", "true", format!("'{exe}' --submission wrong-cell")),
        (
            "carol",
            "sh -c 'echo oops >&2; exit 1'",
            format!("'{exe}' --submission correct"),
        ),
        ("erin", "true", "./no-such-program".to_owned()),
        ("frank", "true", "sh no-such-script.sh".to_owned()),
    ] {
        let folder = class.path().join(name);
        fs::create_dir(&folder).expect("a folder");
        let stages: String = crate::tictactoe_stages()
            .map(|stage| {
                format!(
                    "[stage{stage}]\nbuild = {}\nrun = {}\n",
                    toml_string(build),
                    toml_string(&run)
                )
            })
            .collect();
        fs::write(folder.join("kata.toml"), stages).expect("written");
    }
    fs::create_dir(class.path().join("dave")).expect("a folder");
    let json = class.path().join("class.json");
    let graded = grade(&args(&[
        "3",
        "--class",
        class.path().to_str().expect("UTF-8"),
        "--json",
        json.to_str().expect("UTF-8"),
    ]));
    assert_eq!(graded.status, Some(1), "{}", graded.report);
    snapshot(
        "a_class_of_projects_is_graded_with_their_own_commands",
        &graded.report,
    );
    let table: serde_json::Value =
        crate::results_json(&fs::read_to_string(&json).expect("written"));
    let entries = table["submissions"].as_array().expect("a list");
    assert_eq!(entries.len(), 6);
    assert_eq!(entries[0]["passed"], 5);
    assert_eq!(entries[2]["name"], "carol");
    assert_eq!(entries[2]["results"]["status"], "error");
    assert!(
        entries[2]["results"]["message"]
            .as_str()
            .is_some_and(
                |message| message.starts_with("cannot build: ") && message.ends_with("oops\n")
            ),
        "{}",
        entries[2]
    );
}

/// A class of three whose programs print their own answer, then every other submission's they
/// can read, and their own results file in their own folder, left by an earlier run: in the
/// sandbox each prints its own answer alone and passes; outside it, each prints the rest too and
/// fails, so the trial sees what the sandbox hides. Each results file is written in its
/// submission's folder; one whose folder is not there is refused before grading.
fn a_submission_reads_its_own_folder_and_no_other() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    crate::points::write_kata(&dir.path().join("words"), "", &["one"]);
    let reader = "cat \"$1/answer.txt\"\n\
                  for other in \"$1\"/../*/answer.txt; do\n\
                  \x20 [ \"$other\" -ef \"$1/answer.txt\" ] || cat \"$other\" 2>/dev/null\n\
                  done\n\
                  cat \"$1/results.json\" 2>/dev/null\n\
                  exit 0\n";
    for name in ["ann", "bob", "cid"] {
        let folder = dir.path().join("class").join(name);
        fs::create_dir_all(&folder).expect("a folder");
        fs::write(folder.join("answer.txt"), "one\n").expect("written");
        fs::write(folder.join("read.sh"), reader).expect("written");
        // A results file left by an earlier run, which this one writes over.
        fs::write(folder.join("results.json"), "one\n").expect("written");
    }
    // Each submission's results go into its own folder, hidden from its cases too.
    let into_folders = "gradescope=class/{}/results.json";
    let graded = |results: &str, more: &[&str]| {
        let mut words = vec!["--kata", "words", "1", "--class", "class"];
        words.extend_from_slice(more);
        words.extend_from_slice(&["--format", results, "--", "sh", "{}/read.sh", "{}"]);
        crate::katas::grade_in(dir.path(), &words)
    };
    let (status, report, errors) = graded(into_folders, &[]);
    assert_eq!(status, Some(0), "{report}{errors}");
    for name in ["ann", "bob", "cid"] {
        assert!(report.contains(&format!("{name}         1/1")), "{report}");
    }
    for name in ["ann", "bob", "cid"] {
        let written = fs::read_to_string(dir.path().join(format!("class/{name}/results.json")))
            .expect("written");
        assert!(written.contains("\"score\": 1.0"), "{written}");
    }
    let (status, report, errors) = graded(into_folders, &["--no-sandbox"]);
    assert_eq!(status, Some(1), "{report}{errors}");
    assert!(report.contains("0 passed, 3 failed"), "{report}");

    let (status, report, errors) = graded("gradescope=nowhere/{}/results.json", &[]);
    assert_eq!(status, Some(2), "{report}");
    assert!(
        errors.starts_with(
            "grade: cannot write the results to nowhere/ann/results.json: its folder does not \
             take new files"
        ),
        "{errors}"
    );
}

/// `text` as a TOML basic string (a path may hold a quote or a backslash).
fn toml_string(text: &str) -> String {
    serde_json::to_string(text).expect("a string")
}

/// Projects of two katas, `words` and `shout`, each printing its word, and a `.git` folder: a
/// class of one kata is graded by it without `--kata`; a mixed class is refused, saying how to
/// split it, and graded one kata at a time, the other kata's projects skipped.
fn projects_are_graded_by_the_kata_their_kata_toml_names() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let class = dir.path().join("class");
    crate::points::write_kata(&dir.path().join("words"), "", &["one"]);
    crate::points::write_kata(&dir.path().join("shout"), "", &["ONE"]);
    let manifest = dir.path().join("shout/kata-manifest.toml");
    let text = fs::read_to_string(&manifest).expect("written");
    fs::write(&manifest, text.replace("\"words\"", "\"shout\"")).expect("written");
    let project = |name: &str, kata: &str, word: &str| {
        let folder = class.join(name);
        fs::create_dir_all(&folder).expect("a folder");
        let kata = dir.path().join(kata).display().to_string();
        fs::write(
            folder.join("kata.toml"),
            format!(
                "kata = {}\n\n[stage1]\nrun = \"cat answer.txt\"\n",
                toml_string(&kata)
            ),
        )
        .expect("written");
        fs::write(folder.join("answer.txt"), format!("{word}\n")).expect("written");
    };
    project("ann", "words", "one");
    fs::create_dir_all(class.join(".git/objects")).expect("a folder");
    let graded = |more: &[&str]| {
        let mut words = vec!["1", "--class", "class", "--no-sandbox"];
        words.extend_from_slice(more);
        crate::katas::grade_in(dir.path(), &words)
    };
    let (status, report, errors) = graded(&[]);
    assert_eq!(status, Some(0), "{report}{errors}");
    assert!(report.contains("ann         1/1"), "{report}");
    assert!(
        !report.contains(".git"),
        "a hidden folder is no submission: {report}"
    );

    project("bob", "shout", "ONE");
    let (status, report, errors) = graded(&[]);
    assert_eq!(status, Some(2), "{report}");
    assert_eq!(
        errors,
        "grade: the projects of class are for 2 katas: `shout` (bob), `words` (ann); grade each \
         kata's projects in a run of its own, `grade --class class --kata KATA 1` for each (a \
         kata's name, or its folder): each run skips the projects of the other katas\n"
    );
    let (status, report, errors) = graded(&["--kata", "shout"]);
    assert_eq!(status, Some(0), "{report}{errors}");
    assert!(
        report.contains("ann         skipped: its kata.toml is for the kata `words`, not `shout`"),
        "{report}"
    );
    assert!(report.contains("bob         1/1"), "{report}");
}

/// Projects whose `kata.toml` names a kata that is not on this machine (a folder of the
/// learner's, an empty folder named like a kata built in) were graded against the default kata
/// built in, every case failing for a reason the report did not say. Without `--kata` the class
/// is refused, naming them; with it, they are graded against the kata named.
fn a_project_whose_kata_is_not_here_stops_the_class_until_the_kata_is_named() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let class = dir.path().join("class");
    crate::points::write_kata(&dir.path().join("words"), "", &["one"]);
    let project = |name: &str, kata: &str| {
        let folder = class.join(name);
        fs::create_dir_all(&folder).expect("a folder");
        fs::write(
            folder.join("kata.toml"),
            format!(
                "kata = {}\n\n[stage1]\nrun = \"cat answer.txt\"\n",
                toml_string(kata)
            ),
        )
        .expect("written");
        fs::write(folder.join("answer.txt"), "one\n").expect("written");
    };
    project("ann", &dir.path().join("words").display().to_string());
    project("cid", "/home/cid/katas/words");
    project("dan", "calculator");
    fs::create_dir(class.join("dan/calculator")).expect("a folder");
    let graded = |more: &[&str]| {
        let mut words = vec!["1", "--class", "class", "--no-sandbox"];
        words.extend_from_slice(more);
        crate::katas::grade_in(dir.path(), &words)
    };
    let (status, report, errors) = graded(&[]);
    assert_eq!(status, Some(2), "{report}");
    assert_eq!(report, "");
    assert!(
        errors.starts_with(
            "grade: the kata.toml of cid (and of 1 more project) names a kata that cannot be \
             had here: `/home/cid/katas/words` is neither a folder with a kata-manifest.toml"
        ) && errors.ends_with(
            "; name the kata the class is for, `grade --class class --kata KATA 1` (a kata's \
             name, or its folder)\n"
        ),
        "{errors}"
    );
    let (status, report, errors) = graded(&["--kata", "words"]);
    assert_eq!(status, Some(0), "{report}{errors}");
    for name in ["ann", "cid", "dan"] {
        assert!(report.contains(&format!("{name}         1/1")), "{report}");
    }
}
